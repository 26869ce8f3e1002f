import { DEGRADED_COPY } from "#app/lib/failure-copy";
import type { ReactNode } from "react";
import { formatMil, formatNumber, formatSekRange } from "#app/lib/format";
import type { FullCar } from "#app/server/recommendations/recommendation-view.server";
import { AdList } from "./ad-list";
import { CarFactsList } from "./car-facts";
import { BodyDrawing } from "./body-drawing";
import { MarketLine, MarketWindowPanel } from "./market-window";
import { OwnershipCost } from "./ownership-cost";
import { RatingBars } from "./rating-bars";
import { ScoreMeter } from "./score-meter";

export function yearText(year: FullCar["recommendedYear"]): string {
  return year.to !== undefined && year.to !== year.from ? `${year.from}–${year.to}` : `${year.from} eller nyare`;
}

/** The summary says what opening it shows, open or not. */
function Fold({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <details className="group border-t border-stone-200 pt-2" data-testid={testId}>
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-md text-sm font-semibold text-brand-800 sm:text-base [&::-webkit-details-marker]:hidden">
        <span>{label}</span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 flex-none group-open:rotate-180" fill="currentColor">
          <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z" />
        </svg>
      </summary>
      <div className="mt-3 pb-1">{children}</div>
    </details>
  );
}

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

/** Sentences of "Därför passar den dig" shown open; the rest waits in the fold, so ten cars fit a phone's eight screens. */
const OPEN_SENTENCES = 2;

export function CarDetails({ car }: { car: FullCar }) {
  const rank = car.ratings.rank;
  const ads = car.availability.status === "known" ? car.availability.ads.length : 0;
  const total = car.availability.status === "known" ? car.availability.adCount : 0;
  const adsLabel = ads === 0 ? "Priser och annonser" : `Priser och annonser (${ads}${total > ads ? ` av ${formatNumber(total)}` : ""})`;
  const whyOpen = car.whyItFitsSentences.slice(0, OPEN_SENTENCES).join(" ");
  const whyMore = car.whyItFitsSentences.slice(OPEN_SENTENCES).join(" ");
  return (
    <article
      id={`bil-${rank}`}
      aria-labelledby={`bil-${rank}-namn`}
      className="scroll-mt-2 rounded-xl border border-stone-200 bg-white p-3.5 shadow-sm sm:p-5"
      data-testid="car"
    >
      <div className="grid gap-x-6 gap-y-2.5 md:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-2">
          <header className="flex items-start gap-3">
            <div className="min-w-0 flex-1">
              <p className="text-sm font-semibold text-brand-700">Plats {rank}</p>
              <h2 id={`bil-${rank}-namn`} className="text-xl leading-tight font-bold text-stone-950 sm:text-2xl">
                {car.carName}
              </h2>
              <p className="mt-0.5 text-sm leading-snug text-stone-700" data-testid="tagline">
                {car.carTagline}
              </p>
            </div>
            <BodyDrawing body={car.facts?.body} className="h-15 w-24 flex-none rounded-md" />
          </header>
          <ScoreMeter score={car.score} availability={car.availability} />
          <p className="text-sm text-stone-800" data-testid="look-for">
            <span className="font-semibold text-stone-950">Leta efter:</span> årsmodell {yearText(car.recommendedYear)},{" "}
            <strong className="whitespace-nowrap text-stone-950" data-testid="price-window">
              {formatSekRange(car.recommendedPrice.from, car.recommendedPrice.to)}
            </strong>
            {car.recommendedPrice.estimate ? " (uppskattat)" : ""}, högst {formatMil(car.recommendedMileage.to)}
          </p>
          <MarketLine availability={car.availability} recommendedPrice={car.recommendedPrice} />
        </div>
        <section aria-labelledby={`bil-${rank}-passar`} className="min-w-0">
          <h3 id={`bil-${rank}-passar`} className="font-semibold text-stone-900">
            Därför passar den dig
          </h3>
          {car.textsFromFacts ? (
            <p className="mt-1 text-sm text-stone-700" data-testid="texts-from-facts">
              {DEGRADED_COPY["texts-from-facts"]}
            </p>
          ) : null}
          <p className="mt-1 text-sm leading-normal text-stone-800 sm:text-base sm:leading-relaxed">{whyOpen}</p>
        </section>
      </div>

      <div className="mt-3 space-y-2">
        <Fold label={adsLabel} testId="ads-fold">
          <MarketWindowPanel availability={car.availability} recommendedPrice={car.recommendedPrice} />
          <div className="mt-3">
            <AdList availability={car.availability} body={car.facts?.body} carName={car.carName} />
          </div>
        </Fold>
        <Fold label="Fördelar, kostnader och analys">
          {whyMore ? (
            <p className="mb-4 text-sm leading-normal text-stone-800" data-testid="why-more">
              {whyMore}
            </p>
          ) : null}
          <div className="mb-4">
            <ProsAndCons car={car} />
          </div>
          <RatingsCostsAndFacts car={car} />
          <div className="mt-4">
            <DeepDiveAndFlaws car={car} />
          </div>
        </Fold>
      </div>
    </article>
  );
}
