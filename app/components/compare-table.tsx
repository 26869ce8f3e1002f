import { DRIVETRAIN_LABELS, FUEL_LABELS } from "#app/lib/car-facts";
import { formatMil, formatNumber, formatRangeMil, formatScore, formatSek, formatSekRange, roundTo } from "#app/lib/format";
import type { CarFacts } from "#app/lib/recommendation";
import { scoreInWords } from "#app/lib/score-words";
import type { FullCar } from "#app/server/recommendations/recommendation-view.server";
import { yearText } from "./car-details";

const yearly = (car: FullCar) => car.ownershipCost.fuel + car.ownershipCost.insurance + car.ownershipCost.maintenance + car.ownershipCost.tax;

const known = (car: FullCar) => (car.availability.status === "known" ? car.availability : null);

const fact = (format: (facts: CarFacts) => string) => (car: FullCar) => (car.facts ? format(car.facts) : "–");

type Row = {
  label: string;
  value: (car: FullCar) => string;
  rank?: { of: (car: FullCar) => number | null; higherIsBetter: boolean };
};

const higher = (of: (car: FullCar) => number | null): Row["rank"] => ({ of, higherIsBetter: true });
const lower = (of: (car: FullCar) => number | null): Row["rank"] => ({ of, higherIsBetter: false });

function rowsFor(cars: FullCar[]): { group: string; rows: Row[] }[] {
  const anyRange = cars.some((car) => car.facts?.rangeKm !== undefined);
  return [
    {
      group: "Betyg",
      rows: [
        {
          label: "Slutbetyg",
          value: (car) => `${formatScore(car.score.finalScore)}: ${scoreInWords(car.score)}`,
          rank: higher((car) => car.score.finalScore),
        },
        { label: "Säkerhet", value: (car) => String(Math.round(car.ratings.security)), rank: higher((car) => Math.round(car.ratings.security)) },
        {
          label: "Driftsäkerhet",
          value: (car) => String(Math.round(car.ratings.reliability)),
          rank: higher((car) => Math.round(car.ratings.reliability)),
        },
        { label: "Komfort", value: (car) => String(Math.round(car.ratings.comfort)), rank: higher((car) => Math.round(car.ratings.comfort)) },
      ],
    },
    {
      group: "Bilen",
      rows: [
        {
          label: "Dragvikt",
          value: fact((facts) => (facts.towingKg > 0 ? `${formatNumber(facts.towingKg)} kg` : "får inte dra släp")),
          rank: higher((car) => car.facts?.towingKg ?? null),
        },
        {
          label: "Drivmedel",
          value: fact(
            (facts) => `${FUEL_LABELS[facts.fuel]}${facts.combustionFuel && facts.combustionFuel !== facts.fuel ? ` (${facts.combustionFuel})` : ""}`,
          ),
        },
        { label: "Växellåda", value: fact((facts) => facts.gearboxes.map((gearbox) => (gearbox === "automat" ? "automat" : "manuell")).join(" eller ")) },
        { label: "Drivning", value: fact((facts) => DRIVETRAIN_LABELS[facts.drivetrain]) },
        {
          label: "Bagage",
          value: fact((facts) => (facts.bootLitres === null ? "öppet flak" : `${formatNumber(facts.bootLitres)} liter`)),
          rank: higher((car) => car.facts?.bootLitres ?? null),
        },
        { label: "Säten", value: fact((facts) => String(facts.seats)), rank: higher((car) => car.facts?.seats ?? null) },
        ...(anyRange
          ? [
              {
                label: "Räckvidd på el",
                value: fact((facts) => (facts.rangeKm !== undefined ? `cirka ${formatRangeMil(facts.rangeKm)}` : "–")),
                rank: higher((car) => car.facts?.rangeKm ?? null),
              },
            ]
          : []),
      ],
    },
    {
      group: "Pengar och marknad",
      rows: [
        {
          label: "Kostnad per år",
          value: (car) => formatSek(roundTo(yearly(car), 100)),
          rank: lower(yearly),
        },
        {
          label: "Annonser",
          value: (car) => {
            const a = known(car);
            if (a) return `${a.countIsEstimate ? "minst " : ""}${formatNumber(a.adCount)}`;
            return car.availability.status === "unchecked" ? "kontrolleras inte" : "okänt";
          },
          rank: higher((car) => known(car)?.adCount ?? null),
        },
        {
          label: "Typiskt pris",
          value: (car) => {
            const market = known(car)?.marketWindow;
            return market ? formatSek(market.medianPrice) : "–";
          },
        },
      ],
    },
    {
      group: "Leta efter",
      rows: [
        { label: "Årsmodell", value: (car) => yearText(car.recommendedYear) },
        { label: "Pris", value: (car) => formatSekRange(car.recommendedPrice.from, car.recommendedPrice.to) },
        { label: "Miltal", value: (car) => `högst ${formatMil(car.recommendedMileage.to)}` },
      ],
    },
  ];
}

/** None when all are equal or unknown. */
function bestOf(row: Row, cars: FullCar[]): Set<number> {
  if (!row.rank) return new Set();
  const { of, higherIsBetter } = row.rank;
  const values = cars.map((car) => of(car)).filter((value): value is number => value !== null);
  if (values.length < 2 || values.every((value) => value === values[0])) return new Set();
  const best = higherIsBetter ? Math.max(...values) : Math.min(...values);
  return new Set(cars.filter((car) => of(car) === best).map((car) => car.ratings.rank));
}

/** On a phone the label stacks above the values, so each value column gets a third of the width. */
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
      <div className="mt-2" role="region" aria-labelledby="compare-heading">
        <table className="w-full table-fixed border-collapse text-sm">
          <colgroup>
            <col className="w-0 sm:w-44" />
            {cars.map((car) => (
              <col key={car.ratings.rank} />
            ))}
          </colgroup>
          <thead>
            <tr>
              <th scope="col" className="p-0 sm:p-2">
                <span className="sr-only">Egenskap</span>
              </th>
              {cars.map((car) => (
                <th key={car.ratings.rank} scope="col" className="px-2 pb-2 text-left align-bottom leading-snug font-semibold text-stone-950">
                  <a href={`#bil-${car.ratings.rank}`} className="underline decoration-stone-300 hover:decoration-brand-700">
                    <span className="block text-xs font-semibold text-brand-700">Plats {car.ratings.rank}</span>
                    {car.carName}
                  </a>
                </th>
              ))}
            </tr>
          </thead>
          {rowsFor(cars).map(({ group, rows }) => (
            <tbody key={group}>
              <tr>
                <th
                  scope="colgroup"
                  colSpan={cars.length + 1}
                  className="bg-stone-50 px-2 pt-3 pb-1 text-left text-xs font-semibold tracking-wide text-stone-600 uppercase"
                >
                  {group}
                </th>
              </tr>
              {rows.map((row) => {
                const best = bestOf(row, cars);
                return [
                  // Phone only: the label on its own line; screen readers get the row header instead.
                  <tr key={`${row.label}-label`} aria-hidden="true" className="border-t border-stone-100 sm:hidden">
                    <td colSpan={cars.length + 1} className="px-2 pt-1.5 text-xs font-medium text-stone-600">
                      {row.label}
                    </td>
                  </tr>,
                  <tr key={row.label} className="sm:border-t sm:border-stone-100">
                    <th scope="row" className="sr-only text-left font-normal text-stone-600 sm:not-sr-only sm:p-2 sm:align-top">
                      {row.label}
                    </th>
                    {cars.map((car) => (
                      <td
                        key={car.ratings.rank}
                        className={`px-2 pt-0.5 pb-1.5 align-top text-stone-900 sm:p-2 ${best.has(car.ratings.rank) ? "font-bold" : ""}`}
                      >
                        {row.value(car)}
                        {best.has(car.ratings.rank) ? <span className="sr-only"> (bäst)</span> : null}
                      </td>
                    ))}
                  </tr>,
                ];
              })}
            </tbody>
          ))}
        </table>
      </div>
    </section>
  );
}
