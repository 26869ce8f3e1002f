import { DEGRADED_COPY } from "#app/lib/failure-copy";
import type { ReactNode } from "react";
import { formatMil, formatNumber, formatSekRange } from "#app/lib/format";
import type { FullCar } from "#app/server/recommendations/recommendation-view.server";
import { AdList } from "./ad-list";
import { CarFactsList } from "./car-facts";
import { MarketWindowPanel } from "./market-window";
import { OwnershipCost } from "./ownership-cost";
import { RatingBars } from "./rating-bars";
import { ScoreMeter } from "./score-meter";

export function yearText(year: FullCar["recommendedYear"]): string {
  return year.to !== undefined && year.to !== year.from ? `${year.from}–${year.to}` : `${year.from} eller nyare`;
}

/** A folded part of a card; the summary says what opening it shows, open or not. */
function Fold({ open, label, children, testId }: { open: boolean; label: string; children: ReactNode; testId?: string }) {
  return (
    <details open={open} className="group border-t border-stone-200 pt-3" data-testid={testId}>
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-md font-semibold text-brand-800 [&::-webkit-details-marker]:hidden">
        <span>{label}</span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 flex-none group-open:rotate-180" fill="currentColor">
          <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z" />
        </svg>
      </summary>
      <div className="mt-3 pb-1">{children}</div>
    </details>
  );
}

/** Ratings and yearly costs beside the variant's facts (the top pick shows it open, the rest folded). */
function RatingsCostsAndFacts({ car }: { car: FullCar }) {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <section>
        <h3 className="mb-2 font-semibold text-stone-900">Betyg</h3>
        <RatingBars ratings={car.ratings} />
        <h3 className="mt-4 mb-2 font-semibold text-stone-900">Ägandekostnad</h3>
        <OwnershipCost cost={car.ownershipCost} />
      </section>
      {car.facts ? (
        <section>
          <h3 className="mb-2 font-semibold text-stone-900">Fakta om just den här versionen</h3>
          <CarFactsList facts={car.facts} />
        </section>
      ) : null}
    </div>
  );
}

function DeepDiveAndFlaws({ car }: { car: FullCar }) {
  return (
    <>
      <section>
        <h3 className="font-semibold text-stone-900">Fördjupad analys</h3>
        <p className="mt-1 leading-relaxed text-stone-800" data-testid="deep-dive">
          {car.deepDiveAnalysis}
        </p>
      </section>
      <section className="mt-4">
        <h3 className="font-semibold text-stone-900">Vanliga fel</h3>
        <p className="mt-1 leading-relaxed text-stone-800">{car.commonFlaws}</p>
      </section>
    </>
  );
}

function ProsAndCons({ car }: { car: FullCar }) {
  return (
    <div className="grid min-w-0 gap-x-6 gap-y-3 sm:grid-cols-2">
      <section>
        <h3 className="font-semibold text-stone-900">Fördelar</h3>
        <ul className="mt-1 list-disc space-y-0.5 pl-5 text-stone-800">
          {car.pros.map((pro) => (
            <li key={pro}>{pro}</li>
          ))}
        </ul>
      </section>
      <section>
        <h3 className="font-semibold text-stone-900">Nackdelar</h3>
        <ul className="mt-1 list-disc space-y-0.5 pl-5 text-stone-800">
          {car.cons.map((con) => (
            <li key={con}>{con}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/**
 * One fully visible suggestion. In view: name, score and market (side by side from md up, the
 * score beside the name on a phone), why it fits and what to look for; the top pick also shows
 * its pros and cons. The rest is folded: the top pick (`expanded`) opens its ads and its ratings,
 * facts and costs; the long analysis stays folded for every car so a phone page stays short.
 */
export function CarDetails({ car, expanded }: { car: FullCar; expanded: boolean }) {
  const rank = car.ratings.rank;
  const ads = car.availability.status === "known" ? car.availability.ads.length : 0;
  const total = car.availability.status === "known" ? car.availability.adCount : 0;
  const adsLabel = ads === 0 ? "Annonser till salu" : `Annonser till salu (${ads}${total > ads ? ` av ${formatNumber(total)}` : ""})`;
  return (
    <article
      id={`bil-${rank}`}
      aria-labelledby={`bil-${rank}-namn`}
      className="scroll-mt-20 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid="car"
    >
      {/* Areas: a phone puts the score beside the name and the market under the reasons; from md up score and market share a column. */}
      <div className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-3 [grid-template-areas:'head_score''why_why''market_market''pros_pros'] md:grid-cols-[minmax(0,1fr)_19rem] md:[grid-template-areas:'head_score''why_market''pros_market'] lg:grid-cols-[minmax(0,1fr)_22rem]">
        <header className="min-w-0 [grid-area:head]">
          <p className="text-sm font-semibold text-brand-700">Plats {rank}</p>
          <h2 id={`bil-${rank}-namn`} className="text-xl font-bold text-stone-950 sm:text-2xl">
            {car.carName}
          </h2>
          <p className="text-stone-700">{car.carTagline}</p>
        </header>
        <div className="[grid-area:score]">
          <ScoreMeter score={car.score} availability={car.availability} />
        </div>
        <section aria-labelledby={`bil-${rank}-passar`} className="min-w-0 [grid-area:why]">
          <h3 id={`bil-${rank}-passar`} className="font-semibold text-stone-900">
            Därför passar den dig
          </h3>
          {car.textsFromFacts ? (
            <p className="mt-1 text-sm text-stone-700" data-testid="texts-from-facts">
              {DEGRADED_COPY["texts-from-facts"]}
            </p>
          ) : null}
          <p className="mt-1 leading-relaxed text-stone-800">{car.whyItFits}</p>
          <p className="mt-2 text-sm text-stone-700" data-testid="look-for">
            <span className="font-semibold text-stone-900">Leta efter:</span> årsmodell {yearText(car.recommendedYear)} ·{" "}
            {formatSekRange(car.recommendedPrice.from, car.recommendedPrice.to)}
            {car.recommendedPrice.estimate ? " (uppskattat)" : ""} · högst {formatMil(car.recommendedMileage.to)}
          </p>
        </section>
        <div className="min-w-0 [grid-area:market] md:self-start">
          <MarketWindowPanel availability={car.availability} recommendedPrice={car.recommendedPrice} />
        </div>
        {expanded ? (
          <div className="min-w-0 [grid-area:pros]">
            <ProsAndCons car={car} />
          </div>
        ) : null}
      </div>

      <div className="mt-4 space-y-3">
        <Fold open={expanded} label={adsLabel} testId="ads-fold">
          <AdList availability={car.availability} body={car.facts?.body} carName={car.carName} />
        </Fold>
        {expanded ? (
          <>
            <Fold open label="Betyg, fakta och ägandekostnad">
              <RatingsCostsAndFacts car={car} />
            </Fold>
            <Fold open={false} label="Fördjupad analys och vanliga fel">
              <DeepDiveAndFlaws car={car} />
            </Fold>
          </>
        ) : (
          <Fold open={false} label="För- och nackdelar, betyg, kostnader och analys">
            <div className="mb-4">
              <ProsAndCons car={car} />
            </div>
            <RatingsCostsAndFacts car={car} />
            <div className="mt-4">
              <DeepDiveAndFlaws car={car} />
            </div>
          </Fold>
        )}
      </div>
    </article>
  );
}
