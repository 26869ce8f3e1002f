import type { ReactNode } from "react";
import { formatCount, formatNumber, formatSek, formatSekRange, roundTo } from "#app/lib/format";
import type { MarketWindow } from "#app/lib/marketplace";
import { safeExternalUrl } from "#app/lib/safe-url";
import type { StoredAvailability } from "#app/lib/saved-recommendation";
import { unknownAvailabilityText } from "#app/lib/availability-text";
import { PRICE_CAP_NOTE, UNCHECKED_COPY } from "#app/lib/failure-copy";

type PriceRange = { from: number; to: number };

function pricePosition(range: PriceRange, market: MarketWindow): string {
  const typicalLow = market.q1Price ?? market.lowPrice;
  const typicalHigh = market.q3Price ?? market.highPrice;
  if (range.to < market.lowPrice) return "under alla annonserna: räkna med att leta länge eller pruta";
  if (range.from > market.highPrice) return "över alla annonserna: du bör hitta bilar billigare";
  if (range.to < typicalLow) return "bland de billigaste annonserna";
  if (range.from > typicalHigh) return "bland de dyraste annonserna";
  if (range.from <= market.medianPrice && range.to >= market.medianPrice) return "kring det typiska priset";
  return range.to < market.medianPrice ? "i den billigare halvan av annonserna" : "i den dyrare halvan av annonserna";
}

/** Outside the middle half only: inside it the sentence would be the same on every car. */
function priceStandsOut(range: PriceRange, market: MarketWindow): boolean {
  return range.to < (market.q1Price ?? market.lowPrice) || range.from > (market.q3Price ?? market.highPrice);
}

function adCountText(availability: Extract<StoredAvailability, { status: "known" }>): string {
  return `${availability.countIsEstimate ? "minst " : ""}${formatCount(availability.adCount, "annons", "annonser")}`;
}

export function MarketLine({ availability, recommendedPrice }: { availability: StoredAvailability; recommendedPrice: PriceRange }) {
  if (availability.status === "unchecked") {
    return (
      <p className="text-sm text-stone-800" data-testid="market-line">
        <strong>{UNCHECKED_COPY.line}</strong>
      </p>
    );
  }
  if (availability.status === "unknown") {
    return (
      <p className="text-sm text-amber-950" data-testid="market-line">
        <strong>Tillgången är okänd</strong>:{" "}
        {availability.reason === "price-cap" ? "Blocket räknar inte annonser i det här prisläget." : "annonserna kunde inte hämtas just nu."}
      </p>
    );
  }
  const market = availability.marketWindow;
  return (
    <p className="text-sm text-stone-800" data-testid="market-line">
      <strong className="tabular-nums text-stone-950" data-testid="market-ad-count">
        {adCountText(availability)}
      </strong>{" "}
      {availability.source === "demo" ? "i exempeldata" : "på Blocket"}
      {market ? <>, typiskt pris {formatSek(market.medianPrice)}</> : null}
      {market && priceStandsOut(recommendedPrice, market) ? (
        <>
          . Vårt prisförslag ligger <strong data-testid="price-stands-out">{pricePosition(recommendedPrice, market)}</strong>
        </>
      ) : null}
      .{availability.priceCapped ? <> {PRICE_CAP_NOTE}</> : null}
    </p>
  );
}

/** Blocket's total can be far more than the page we fetched. */
function sampleText(sampleSize: number, adCount: number): string {
  if (sampleSize < adCount) return `Priserna gäller de ${formatNumber(sampleSize)} annonser vi hämtade av ${formatNumber(adCount)}.`;
  return sampleSize === 1 ? "Priset gäller den enda annonsen." : `Priserna gäller samtliga ${formatNumber(sampleSize)} annonser.`;
}

function stripEnds(market: MarketWindow, range: PriceRange) {
  return { min: Math.min(market.lowPrice, range.from), max: Math.max(market.highPrice, range.to) };
}

/** Decorative: the figures beside it say the same in words. */
function PriceStrip({ market, range }: { market: MarketWindow; range: PriceRange }) {
  const { min, max } = stripEnds(market, range);
  const span = Math.max(max - min, 1);
  // 4–96 % keeps the end caps inside the box.
  const x = (price: number) => 4 + ((price - min) / span) * 92;
  const q1 = market.q1Price ?? market.lowPrice;
  const q3 = market.q3Price ?? market.highPrice;
  return (
    <svg viewBox="0 0 100 22" preserveAspectRatio="none" className="h-6 w-full" aria-hidden="true" focusable="false">
      <rect x={x(range.from)} y="1" width={Math.max(x(range.to) - x(range.from), 0.8)} height="20" rx="1.5" fill="#d8f3e3" stroke="#17603f" strokeWidth="0.6" />
      <line x1={x(market.lowPrice)} x2={x(market.highPrice)} y1="13" y2="13" stroke="#a8a29e" strokeWidth="1.2" />
      {market.q1Price !== undefined ? <rect x={x(q1)} y="9.5" width={Math.max(x(q3) - x(q1), 0.8)} height="7" rx="1" fill="#78716c" /> : null}
      <rect x={x(market.medianPrice) - 0.6} y="6" width="1.2" height="14" fill="#1c1917" />
      <circle cx={x(market.lowPrice)} cy="13" r="1.6" fill="#17603f" />
    </svg>
  );
}

function Figure({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-stone-600">{label}</dt>
      <dd className="font-semibold tabular-nums text-stone-950" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

export function MarketWindowPanel({ availability, recommendedPrice }: { availability: StoredAvailability; recommendedPrice: PriceRange }) {
  if (availability.status === "unchecked") {
    return (
      <section
        aria-label="Marknaden just nu"
        className="rounded-lg border border-stone-200 bg-stone-50 p-3 text-sm text-stone-900"
        data-testid="availability-unchecked"
      >
        <p>
          <strong>{UNCHECKED_COPY.line}</strong> {UNCHECKED_COPY.panel}
        </p>
        <a href={safeExternalUrl(availability.adsUrl)} className="mt-1 inline-block font-semibold underline" rel="noopener noreferrer" target="_blank">
          Sök själv på Blocket
        </a>
      </section>
    );
  }
  if (availability.status === "unknown") {
    return (
      <section
        aria-label="Marknaden just nu"
        className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        data-testid="availability-unknown"
      >
        <p>
          <strong>Tillgången är okänd.</strong> {unknownAvailabilityText(availability)} Bilen fick därför 0 poäng för tillgång.
        </p>
        <a href={safeExternalUrl(availability.adsUrl)} className="mt-1 inline-block font-semibold underline" rel="noopener noreferrer" target="_blank">
          Sök själv på Blocket
        </a>
      </section>
    );
  }
  const demo = availability.source === "demo";
  const market = availability.marketWindow;
  const count = adCountText(availability);
  return (
    <section aria-label="Marknaden just nu" className="rounded-lg border border-stone-200 bg-stone-50 p-3 text-sm" data-testid="market-window">
      <p className="text-stone-900">
        <strong className="text-base tabular-nums" data-testid="market-ad-count">
          {count}
        </strong>{" "}
        {demo ? "i exempeldata" : "på Blocket just nu"}
      </p>
      {availability.priceCapped ? (
        <p className="mt-1 text-stone-700" data-testid="price-cap-note">
          {PRICE_CAP_NOTE}
        </p>
      ) : null}
      {market ? (
        <>
          <dl className="mt-1.5 grid grid-cols-[auto_auto_minmax(0,1fr)] gap-x-3">
            <Figure label="Billigast" testId="market-cheapest">
              {formatSek(market.lowPrice)}
            </Figure>
            <Figure label="Typiskt pris" testId="market-median">
              {formatSek(market.medianPrice)}
            </Figure>
            {/* Quartiles fall between two asking prices ("210 925 kr"); to the hundred they read like prices. */}
            <Figure label={market.q1Price !== undefined ? "Hälften kostar" : "Alla priser"} testId="market-middle">
              {market.q1Price !== undefined && market.q3Price !== undefined
                ? formatSekRange(roundTo(market.q1Price, 100), roundTo(market.q3Price, 100))
                : market.lowPrice === market.highPrice
                  ? formatSek(market.lowPrice)
                  : formatSekRange(market.lowPrice, market.highPrice)}
            </Figure>
          </dl>
          <div className="mt-2">
            <PriceStrip market={market} range={recommendedPrice} />
            {/* The strip's ends in kronor, so its scale can be read. */}
            <p className="flex justify-between text-xs tabular-nums text-stone-600" data-testid="strip-ends">
              <span>{formatSek(stripEnds(market, recommendedPrice).min)}</span>
              <span>{formatSek(stripEnds(market, recommendedPrice).max)}</span>
            </p>
            <p className="flex flex-wrap gap-x-3 text-xs text-stone-600" aria-hidden="true">
              <span>
                <span className="mr-1 inline-block h-2 w-3 rounded-sm border border-brand-700 bg-brand-100" />
                vårt prisförslag
              </span>
              {market.q1Price !== undefined ? (
                <span>
                  <span className="mr-1 inline-block h-1.5 w-3 rounded-sm bg-stone-500" />
                  hälften av annonserna
                </span>
              ) : null}
              <span>
                <span className="mr-1 inline-block h-2.5 w-0.5 bg-stone-900 align-middle" />
                typiskt pris
              </span>
            </p>
          </div>
          <p className="mt-1.5 text-stone-800" data-testid="price-position">
            Vårt prisförslag, {formatSekRange(recommendedPrice.from, recommendedPrice.to)}, ligger <strong>{pricePosition(recommendedPrice, market)}</strong>.
          </p>
          <p className="mt-1 text-xs text-stone-600">
            {demo ? "Påhittade exempelannonser. " : ""}
            {sampleText(market.sampleSize, availability.adCount)}
          </p>
        </>
      ) : (
        <p className="mt-1 text-stone-700">Inga annonser att jämföra priser med just nu.</p>
      )}
    </section>
  );
}
