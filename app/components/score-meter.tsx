import { formatCount, formatScore } from "#app/lib/format";
import type { ScoreBreakdown, StoredAvailability } from "#app/lib/saved-recommendation";

/** The final score as a ring, with the formula and the numbers behind it spelled out. */
export function ScoreMeter({ score, availability }: { score: ScoreBreakdown; availability: StoredAvailability }) {
  const radius = 26;
  const circumference = 2 * Math.PI * radius;
  const filled = (score.finalScore / 100) * circumference;
  return (
    <div className="flex items-center gap-4">
      <svg viewBox="0 0 64 64" width="72" height="72" role="img" aria-label={`Slutbetyg ${formatScore(score.finalScore)} av 100`}>
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
        <text x="32" y="37" textAnchor="middle" fontSize="15" fontWeight="700" fill="#1c1917">
          {Math.round(score.finalScore)}
        </text>
      </svg>
      <dl className="text-sm text-stone-700" data-testid="score-breakdown">
        <div>
          <dt className="inline font-semibold text-stone-900">Slutbetyg: </dt>
          <dd className="inline" data-testid="final-score">
            {formatScore(score.finalScore)}
          </dd>
        </div>
        <div>
          <dt className="inline">Bilens betyg × 0,7: </dt>
          <dd className="inline">
            <span data-testid="overall-score">{formatScore(score.overall)}</span> × 0,7 = {formatScore(score.overall * 0.7)}
          </dd>
        </div>
        <div>
          <dt className="inline">Tillgång × 0,3: </dt>
          <dd className="inline">
            <span data-testid="availability-score">{formatScore(score.availabilityScore)}</span> × 0,3 ={" "}
            {formatScore(score.availabilityScore * 0.3)}{" "}
            <span className="text-stone-600">({availabilityText(availability)})</span>
          </dd>
        </div>
      </dl>
    </div>
  );
}

/** "4 annonser på Blocket", "minst 3 annonser …" for our own tally, or "tillgång okänd". */
export function availabilityText(availability: StoredAvailability): string {
  if (availability.status === "unknown") return "tillgång okänd";
  const count = `${availability.countIsEstimate ? "minst " : ""}${formatCount(availability.adCount, "annons", "annonser")}`;
  return availability.source === "demo" ? `${count} i exempeldata` : `${count} på Blocket`;
}
