import { formatMil, formatNumber, formatScore, formatSek, formatSekRange } from "#app/lib/format";
import type { FullCar } from "#app/server/recommendations/recommendation-view.server";
import { yearText } from "./car-details";

const monthly = (car: FullCar) =>
  (car.ownershipCost.fuel + car.ownershipCost.insurance + car.ownershipCost.maintenance + car.ownershipCost.tax) / 12;

const known = (car: FullCar) => (car.availability.status === "known" ? car.availability : null);

type Row = {
  label: string;
  value: (car: FullCar) => string;
  /** The number that decides the best car of the row, and whether higher is better. */
  rank?: { of: (car: FullCar) => number | null; higherIsBetter: boolean };
};

const score = (of: (car: FullCar) => number): Row["rank"] => ({ of, higherIsBetter: true });

const ROWS: { group: string; rows: Row[] }[] = [
  {
    group: "Betyg",
    rows: [
      { label: "Slutbetyg", value: (car) => formatScore(car.score.finalScore), rank: score((car) => car.score.finalScore) },
      { label: "Bilens betyg", value: (car) => formatScore(car.ratings.overall), rank: score((car) => car.ratings.overall) },
      { label: "Komfort", value: (car) => String(Math.round(car.ratings.comfort)), rank: score((car) => Math.round(car.ratings.comfort)) },
      { label: "Prestanda", value: (car) => String(Math.round(car.ratings.performance)), rank: score((car) => Math.round(car.ratings.performance)) },
      { label: "Säkerhet", value: (car) => String(Math.round(car.ratings.security)), rank: score((car) => Math.round(car.ratings.security)) },
      { label: "Driftsäkerhet", value: (car) => String(Math.round(car.ratings.reliability)), rank: score((car) => Math.round(car.ratings.reliability)) },
      { label: "Ekonomi", value: (car) => String(Math.round(car.ratings.economy)), rank: score((car) => Math.round(car.ratings.economy)) },
    ],
  },
  {
    group: "Marknaden",
    rows: [
      {
        label: "Annonser",
        value: (car) => {
          const a = known(car);
          if (!a) return "okänt";
          return `${a.countIsEstimate ? "minst " : ""}${formatNumber(a.adCount)}`;
        },
        rank: { of: (car) => known(car)?.adCount ?? null, higherIsBetter: true },
      },
      {
        label: "Medianpris",
        value: (car) => {
          const market = known(car)?.marketWindow;
          return market ? formatSek(market.medianPrice) : "–";
        },
      },
      {
        label: "Billigast",
        value: (car) => {
          const market = known(car)?.marketWindow;
          return market ? formatSek(market.lowPrice) : "–";
        },
        rank: { of: (car) => known(car)?.marketWindow?.lowPrice ?? null, higherIsBetter: false },
      },
    ],
  },
  {
    group: "Leta efter",
    rows: [
      { label: "Årsmodell", value: (car) => yearText(car.recommendedYear) },
      { label: "Pris", value: (car) => formatSekRange(car.recommendedPrice.from, car.recommendedPrice.to) },
      { label: "Miltal", value: (car) => `högst ${formatMil(car.recommendedMileage.to)}` },
      { label: "Ägande\u00adkostnad", value: (car) => `${formatSek(Math.round(monthly(car) / 10) * 10)}/mån`, rank: { of: monthly, higherIsBetter: false } },
    ],
  },
];

/** The ranks holding the best value of a row; none when all are equal or unknown. */
function bestOf(row: Row, cars: FullCar[]): Set<number> {
  if (!row.rank) return new Set();
  const { of, higherIsBetter } = row.rank;
  const values = cars.map((car) => of(car)).filter((value): value is number => value !== null);
  if (values.length < 2 || values.every((value) => value === values[0])) return new Set();
  const best = higherIsBetter ? Math.max(...values) : Math.min(...values);
  return new Set(cars.filter((car) => of(car) === best).map((car) => car.ratings.rank));
}

/**
 * 2–3 chosen cars side by side. Sized to fit three cars on a 390 px phone; on anything narrower the
 * table scrolls inside its box while the label column stays put. The best value of a row is bold.
 */
export function CompareTable({ cars }: { cars: FullCar[] }) {
  const demo = cars.some((car) => known(car)?.source === "demo");
  return (
    <section
      aria-labelledby="compare-heading"
      className="-mx-4 border-y border-brand-200 bg-white px-2 py-4 sm:mx-0 sm:rounded-xl sm:border sm:p-5"
      data-testid="compare"
    >
      <h2 id="compare-heading" className="px-2 text-xl font-bold text-stone-950 sm:px-0">
        Jämförelse
      </h2>
      <p className="px-2 text-sm text-stone-600 sm:px-0">Fetstil: bäst av de valda bilarna.{demo ? " Annonserna är påhittade exempel." : ""}</p>
      {/* Focusable: where the table does scroll (below ~360 px), keyboard users must reach it. */}
      <div className="mt-2 overflow-x-auto" role="region" aria-labelledby="compare-heading" tabIndex={0}>
        <table className="w-full min-w-[21rem] table-fixed border-collapse text-sm">
          <colgroup>
            <col className="w-[5.75rem] sm:w-44" />
            {cars.map((car) => (
              <col key={car.ratings.rank} />
            ))}
          </colgroup>
          <thead>
            <tr>
              <th scope="col" className="sticky left-0 bg-white p-2 text-left text-stone-600">
                <span className="sr-only">Egenskap</span>
              </th>
              {cars.map((car) => (
                <th key={car.ratings.rank} scope="col" className="p-2 text-left align-bottom leading-snug font-semibold break-words text-stone-950">
                  <a href={`#bil-${car.ratings.rank}`} className="underline decoration-stone-300 hover:decoration-brand-700">
                    <span className="block text-xs font-semibold text-brand-700">Plats {car.ratings.rank}</span>
                    {car.carName}
                  </a>
                </th>
              ))}
            </tr>
          </thead>
          {ROWS.map(({ group, rows }) => (
            <tbody key={group}>
              <tr>
                <th scope="colgroup" colSpan={cars.length + 1} className="bg-stone-50 px-2 pt-3 pb-1 text-left text-xs font-semibold tracking-wide text-stone-600 uppercase">
                  <span className="sticky left-2">{group}</span>
                </th>
              </tr>
              {rows.map((row) => {
                const best = bestOf(row, cars);
                return (
                  <tr key={row.label} className="border-t border-stone-100">
                    <th scope="row" className="sticky left-0 bg-white p-2 text-left align-top font-normal break-words text-stone-600">
                      {row.label}
                    </th>
                    {cars.map((car) => (
                      <td
                        key={car.ratings.rank}
                        className={`p-2 align-top tabular-nums break-words text-stone-900 ${best.has(car.ratings.rank) ? "font-bold" : ""}`}
                      >
                        {row.value(car)}
                        {best.has(car.ratings.rank) ? <span className="sr-only"> (bäst)</span> : null}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          ))}
        </table>
      </div>
    </section>
  );
}
