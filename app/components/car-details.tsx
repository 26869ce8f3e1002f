import { formatMil, formatSekRange } from "#app/lib/format";
import type { FullCar } from "#app/server/recommendations/recommendation-view.server";
import { AdList } from "./ad-list";
import { CarFactsList } from "./car-facts";
import { OwnershipCost } from "./ownership-cost";
import { RatingBars } from "./rating-bars";
import { ScoreMeter } from "./score-meter";

/** One fully visible suggestion: scores, facts, texts, costs and the ads found. */
export function CarDetails({ car, expanded }: { car: FullCar; expanded: boolean }) {
  const rank = car.ratings.rank;
  return (
    <article id={`bil-${rank}`} aria-labelledby={`bil-${rank}-namn`} className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm" data-testid="car">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-sm font-semibold text-brand-700">Plats {rank}</p>
          <h2 id={`bil-${rank}-namn`} className="text-2xl font-bold text-stone-950">
            {car.carName}
          </h2>
          <p className="mt-1 text-stone-700">{car.carTagline}</p>
        </div>
        <ScoreMeter score={car.score} availability={car.availability} />
      </header>

      <div className="mt-5 grid gap-6 md:grid-cols-2">
        <section aria-label="Betyg">
          <h3 className="mb-2 font-semibold text-stone-900">Betyg</h3>
          <RatingBars ratings={car.ratings} />
        </section>
        <section aria-label="Rekommenderat köp">
          <h3 className="mb-2 font-semibold text-stone-900">Leta efter</h3>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-stone-600">Årsmodell</dt>
            <dd className="font-medium">
              {car.recommendedYear.to !== undefined && car.recommendedYear.to !== car.recommendedYear.from
                ? `${car.recommendedYear.from}–${car.recommendedYear.to}`
                : `${car.recommendedYear.from} eller nyare`}
            </dd>
            <dt className="text-stone-600">Pris</dt>
            <dd className="font-medium">{formatSekRange(car.recommendedPrice.from, car.recommendedPrice.to)}</dd>
            <dt className="text-stone-600">Miltal</dt>
            <dd className="font-medium">högst {formatMil(car.recommendedMileage.to)}</dd>
          </dl>
          {car.facts ? (
            <>
              <h3 className="mt-4 mb-2 font-semibold text-stone-900">Fakta om just den här versionen</h3>
              <CarFactsList facts={car.facts} />
            </>
          ) : null}
        </section>
      </div>

      <div className="mt-5 grid gap-6 md:grid-cols-2">
        <section>
          <h3 className="font-semibold text-stone-900">Fördelar</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-stone-800">
            {car.pros.map((pro) => (
              <li key={pro}>{pro}</li>
            ))}
          </ul>
        </section>
        <section>
          <h3 className="font-semibold text-stone-900">Nackdelar</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-stone-800">
            {car.cons.map((con) => (
              <li key={con}>{con}</li>
            ))}
          </ul>
        </section>
      </div>

      <details open={expanded} className="group mt-5">
        <summary className="cursor-pointer rounded-md font-semibold text-brand-800 underline">
          <span className="group-open:hidden">Visa analys, kostnader och annonser</span>
          <span className="hidden group-open:inline">Dölj analys, kostnader och annonser</span>
        </summary>
      <section className="mt-3">
        <h3 className="font-semibold text-stone-900">Därför passar den dig</h3>
        <p className="mt-1 leading-relaxed text-stone-800">{car.whyItFits}</p>
      </section>
      <section className="mt-4">
        <h3 className="font-semibold text-stone-900">Fördjupad analys</h3>
        <p className="mt-1 leading-relaxed text-stone-800" data-testid="deep-dive">
          {car.deepDiveAnalysis}
        </p>
      </section>
      <section className="mt-4">
        <h3 className="font-semibold text-stone-900">Vanliga fel</h3>
        <p className="mt-1 leading-relaxed text-stone-800">{car.commonFlaws}</p>
      </section>

      <div className="mt-5 grid gap-6 lg:grid-cols-[1fr_2fr]">
        <section>
          <h3 className="mb-2 font-semibold text-stone-900">Ägandekostnad</h3>
          <OwnershipCost cost={car.ownershipCost} />
        </section>
        <section>
          <h3 className="mb-2 font-semibold text-stone-900">Till salu just nu</h3>
          <AdList availability={car.availability} />
        </section>
      </div>
      </details>
    </article>
  );
}
