import { formatSek } from "#app/lib/format";
import type { OwnershipCost as Cost } from "#app/lib/recommendation";

const ITEMS: { key: keyof Cost; label: string; color: string }[] = [
  { key: "fuel", label: "Drivmedel", color: "#17603f" },
  { key: "insurance", label: "Försäkring", color: "#f5b83d" },
  { key: "maintenance", label: "Service och däck", color: "#57534e" },
  { key: "tax", label: "Fordonsskatt", color: "#93c5a9" },
];

/** Yearly cost per item, the monthly total, and a stacked bar of the shares. */
export function OwnershipCost({ cost }: { cost: Cost }) {
  const total = ITEMS.reduce((sum, item) => sum + cost[item.key], 0);
  return (
    <div>
      <div className="flex h-4 overflow-hidden rounded-full bg-stone-200" aria-hidden="true">
        {ITEMS.map((item) =>
          cost[item.key] > 0 ? (
            <div key={item.key} style={{ width: `${(cost[item.key] / Math.max(total, 1)) * 100}%`, backgroundColor: item.color }} />
          ) : null,
        )}
      </div>
      <table className="mt-3 w-full text-sm">
        <caption className="sr-only">Ägandekostnad per år</caption>
        <tbody>
          {ITEMS.map((item) => (
            <tr key={item.key} className="border-b border-stone-100">
              <th scope="row" className="py-1 text-left font-normal text-stone-700">
                <span className="mr-2 inline-block size-2.5 rounded-full" style={{ backgroundColor: item.color }} aria-hidden="true" />
                {item.label}
              </th>
              <td className="py-1 text-right tabular-nums">{formatSek(cost[item.key])}/år</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="pt-2 text-left font-semibold text-stone-900">
              Totalt
            </th>
            <td className="pt-2 text-right font-semibold tabular-nums text-stone-900" data-testid="cost-per-month">
              {/* Estimates: rounded so a sum with the exact tax does not read as falsely precise. */}
              {formatSek(Math.round(total / 12 / 10) * 10)}/mån ({formatSek(Math.round(total / 100) * 100)}/år)
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
