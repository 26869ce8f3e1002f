import { formatCount, formatScore } from "#app/lib/format";
import type { ScoreBreakdown, StoredAvailability } from "#app/lib/saved-recommendation";
import { weightText } from "#app/lib/scoring";

/** The final score as a ring, with the two parts behind it (the formula is explained at the top). */
export function ScoreMeter({ score, availability }: { score: ScoreBreakdown; availability: StoredAvailability }) {
  const radius = 26;
  const circumference = 2 * Math.PI * radius;
  const filled = (score.finalScore / 100) * circumference;
  return (
    <div className="flex flex-col items-center gap-1 md:flex-row md:gap-3">
      <svg viewBox="0 0 64 64" width="60" height="60" role="img" aria-label={`Slutbetyg ${formatScore(score.finalScore)} av 100`} className="flex-none">
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
        <text x="32" y="38" textAnchor="middle" fontSize="18" fontWeight="700" fill="#1c1917">
          {Math.round(score.finalScore)}
        </text>
      </svg>
      <dl className="text-center text-xs leading-5 whitespace-nowrap text-stone-700 md:text-left" data-testid="score-breakdown">
        <div>
          <dt className="inline text-sm font-semibold text-stone-900">Slutbetyg </dt>
          <dd className="inline text-sm font-semibold text-stone-900" data-testid="final-score">
            {formatScore(score.finalScore)}
          </dd>
        </div>
        <div>
          <dt className="inline">Bilen </dt>
          <dd className="inline tabular-nums">
            <span data-testid="overall-score">{formatScore(score.overall)}</span> × {weightText("overall")}
          </dd>
        </div>
        <div>
          <dt className="inline">Tillgång </dt>
          <dd className="inline tabular-nums">
            <span data-testid="availability-score">{formatScore(score.availabilityScore)}</span> × {weightText("availability")}
            <span className="sr-only"> ({availabilityText(availability)})</span>
          </dd>
        </div>
      </dl>
    </div>
  );
}

/** "4 annonser på Blocket", "minst 3 annonser …" for our own tally, or "tillgång okänd". */
function availabilityText(availability: StoredAvailability): string {
  if (availability.status === "unknown") return "tillgång okänd";
  const count = `${availability.countIsEstimate ? "minst " : ""}${formatCount(availability.adCount, "annons", "annonser")}`;
  return availability.source === "demo" ? `${count} i exempeldata` : `${count} på Blocket`;
}
