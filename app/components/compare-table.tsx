import { formatMil, formatScore, formatSek, formatSekRange } from "#app/lib/format";
import type { FullCar } from "#app/server/recommendations/recommendation-view.server";
import { availabilityText } from "./score-meter";

const total = (car: FullCar) =>
  car.ownershipCost.fuel + car.ownershipCost.insurance + car.ownershipCost.maintenance + car.ownershipCost.tax;

const ROWS: { label: string; value: (car: FullCar) => string }[] = [
  { label: "Slutbetyg", value: (car) => formatScore(car.score.finalScore) },
  { label: "Bilens betyg", value: (car) => formatScore(car.ratings.overall) },
  { label: "Tillgång", value: (car) => availabilityText(car.availability) },
  { label: "Komfort", value: (car) => String(Math.round(car.ratings.comfort)) },
  { label: "Prestanda", value: (car) => String(Math.round(car.ratings.performance)) },
  { label: "Säkerhet", value: (car) => String(Math.round(car.ratings.security)) },
  { label: "Driftsäkerhet", value: (car) => String(Math.round(car.ratings.reliability)) },
  { label: "Ekonomi", value: (car) => String(Math.round(car.ratings.economy)) },
  {
    label: "Årsmodell",
    value: (car) => (car.recommendedYear.to && car.recommendedYear.to !== car.recommendedYear.from ? `${car.recommendedYear.from}–${car.recommendedYear.to}` : `${car.recommendedYear.from} eller nyare`),
  },
  { label: "Pris", value: (car) => formatSekRange(car.recommendedPrice.from, car.recommendedPrice.to) },
  { label: "Miltal", value: (car) => `högst ${formatMil(car.recommendedMileage.to)}` },
  { label: "Ägandekostnad", value: (car) => `${formatSek(total(car) / 12)}/mån` },
];

/** 2–3 chosen cars side by side; scrolls sideways on a phone instead of squeezing. */
export function CompareTable({ cars }: { cars: FullCar[] }) {
  return (
    <section aria-labelledby="compare-heading" className="rounded-xl border border-brand-200 bg-white p-5">
      <h2 id="compare-heading" className="text-xl font-bold text-stone-950">
        Jämförelse
      </h2>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full min-w-[32rem] text-sm">
          <thead>
            <tr>
              <th scope="col" className="p-2 text-left text-stone-600">
                <span className="sr-only">Egenskap</span>
              </th>
              {cars.map((car) => (
                <th key={car.ratings.rank} scope="col" className="p-2 text-left font-semibold text-stone-950">
                  {car.ratings.rank}. {car.carName}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map((row) => (
              <tr key={row.label} className="border-t border-stone-100">
                <th scope="row" className="p-2 text-left font-normal text-stone-600">
                  {row.label}
                </th>
                {cars.map((car) => (
                  <td key={car.ratings.rank} className="p-2 tabular-nums text-stone-900">
                    {row.value(car)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
