import type { Ratings } from "#app/lib/recommendation";

const LABELS: [keyof Ratings, string][] = [
  ["comfort", "Komfort"],
  ["performance", "Prestanda"],
  ["security", "Säkerhet"],
  ["reliability", "Driftsäkerhet"],
  ["economy", "Ekonomi"],
];

export function RatingBars({ ratings }: { ratings: Ratings }) {
  return (
    <dl className="space-y-2">
      {LABELS.map(([key, label]) => {
        const value = Math.round(ratings[key]);
        return (
          <div key={key} className="grid grid-cols-[7.5rem_1fr_2.5rem] items-center gap-2 text-sm">
            <dt className="text-stone-700">{label}</dt>
            <dd className="h-2.5 overflow-hidden rounded-full bg-stone-200" aria-hidden="true">
              <div className="h-full rounded-full bg-brand-600" style={{ width: `${value}%` }} />
            </dd>
            <dd className="text-right font-semibold tabular-nums text-stone-900">
              <span className="sr-only">{label}: </span>
              {value}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
