import { formatCount, formatScore } from "#app/lib/format";
import type { ScoreBreakdown, StoredAvailability } from "#app/lib/saved-recommendation";
import { formulaWithNumbers, scoreInWords } from "#app/lib/score-words";
import { BANDS_TEXT, weightText } from "#app/lib/scoring";

function ScoreRing({ finalScore }: { finalScore: number }) {
  const radius = 26;
  const circumference = 2 * Math.PI * radius;
  const filled = (finalScore / 100) * circumference;
  return (
    <svg viewBox="0 0 64 64" width="48" height="48" role="img" aria-label={`Slutbetyg ${formatScore(finalScore)} av 100`} className="flex-none">
      <circle cx="32" cy="32" r={radius} fill="none" stroke="#e7e5e4" strokeWidth="8" />
      <circle
        cx="32"
        cy="32"
        r={radius}
        fill="none"
        stroke="#17603f"
        strokeWidth="8"
        strokeLinecap="round"
        strokeDasharray={`${filled} ${circumference}`}
        transform="rotate(-90 32 32)"
      />
      <text x="32" y="39" textAnchor="middle" fontSize="20" fontWeight="700" fill="#1c1917">
        {Math.round(finalScore)}
      </text>
    </svg>
  );
}

export function ScoreMeter({ score, availability }: { score: ScoreBreakdown; availability: StoredAvailability }) {
  const unchecked = score.availabilityChecked === false || availability.status === "unchecked";
  return (
    <div className="flex items-start gap-2.5">
      <ScoreRing finalScore={score.finalScore} />
      {/* The score line is itself the disclosure: one tap shows how it was reached, no extra row. */}
      <details className="group min-w-0 text-sm">
        <summary className="cursor-pointer list-none text-stone-950 [&::-webkit-details-marker]:hidden">
          <span className="font-semibold">
            Slutbetyg <span data-testid="final-score">{formatScore(score.finalScore)}</span>:
          </span>{" "}
          <span data-testid="score-words">{scoreInWords(score)}</span>.{" "}
          <span className="text-xs whitespace-nowrap text-brand-800 underline">Så räknas betyget</span>
        </summary>
        <div className="mt-1 text-xs text-stone-700">
          <dl className="space-y-0.5" data-testid="score-breakdown">
            <div>
              <dt className="inline">Bilens betyg: </dt>
              <dd className="inline tabular-nums">
                <span data-testid="overall-score">{formatScore(score.overall)}</span> av 100,{" "}
                {unchecked ? "hela slutbetyget" : `väger ${weightText("overall")}`}
              </dd>
            </div>
            <div>
              <dt className="inline">Tillgång: </dt>
              {unchecked ? (
                <dd className="inline" data-testid="availability-unchecked-score">
                  räknas inte, eftersom annonser inte kontrolleras just nu
                </dd>
              ) : (
                <dd className="inline tabular-nums">
                  <span data-testid="availability-score">{formatScore(score.availabilityScore)}</span> ({availabilityText(availability)}), väger{" "}
                  {weightText("availability")}
                </dd>
              )}
            </div>
            <div>
              <dt className="inline">Slutbetyg: </dt>
              <dd className="inline tabular-nums">{formulaWithNumbers(score)}</dd>
            </div>
          </dl>
          <p className="mt-1">
            {unchecked
              ? "Annonser kontrolleras inte just nu, så slutbetyget är bilens eget betyg utan tillgång."
              : `Tillgången kommer från antalet matchande annonser: ${BANDS_TEXT}.`}
          </p>
        </div>
      </details>
    </div>
  );
}

function availabilityText(availability: StoredAvailability): string {
  if (availability.status === "unknown") return "tillgång okänd";
  if (availability.status === "unchecked") return "annonser kontrolleras inte just nu";
  const count = `${availability.countIsEstimate ? "minst " : ""}${formatCount(availability.adCount, "annons", "annonser")}`;
  return availability.source === "demo" ? `${count} i exempeldata` : `${count} på Blocket`;
}
