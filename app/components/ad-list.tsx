import { type BuyerNeeds, needChecks, notAppliedInWords, searchedFilters } from "#app/lib/ad-match";
import { DEGRADED_COPY, UNCHECKED_COPY } from "#app/lib/failure-copy";
import { type BodyType, makeLabel } from "#app/lib/car-facts";
import { formatMil, formatSek } from "#app/lib/format";
import { proxiedImageUrl } from "#app/lib/image-url";
import { safeExternalUrl } from "#app/lib/safe-url";
import type { StoredAvailability } from "#app/lib/saved-recommendation";
import { BodyDrawing } from "./body-drawing";

type Known = Extract<StoredAvailability, { status: "known" }>;
type Ad = Known["ads"][number];

function NeedChecks({ ad, needs }: { ad: Ad; needs: BuyerNeeds | undefined }) {
  const checks = needChecks(ad, needs);
  if (checks.length === 0) return null;
  return (
    <ul className="mt-1 flex flex-wrap gap-1 text-xs" data-testid="ad-needs">
      {checks.map((check) => (
        <li
          key={check.need}
          className={`rounded px-1.5 py-0.5 font-medium ${check.shown ? "bg-brand-50 text-brand-800" : "bg-amber-50 text-amber-900"}`}
          data-testid={check.shown ? "need-shown" : "need-check"}
        >
          <span aria-hidden="true">{check.shown ? "✓ " : "? "}</span>
          {check.text}
        </li>
      ))}
    </ul>
  );
}

function SearchedLine({ availability }: { availability: Known }) {
  const searched = availability.searched;
  if (!searched) return null;
  const filters = searchedFilters(searched, `${makeLabel(searched.query.make)} ${searched.query.model}`);
  const ours = availability.source === "blocket" ? notAppliedInWords(searched) : [];
  return (
    <div className="mb-2 text-sm text-stone-700" data-testid="ads-searched">
      <p>
        <span className="font-semibold text-stone-900">{availability.source === "demo" ? "Exemplen är valda på:" : "Sökt på Blocket:"}</span>{" "}
        {filters.join(", ")}
      </p>
      {ours.length > 0 ? (
        <p className="mt-1" data-testid="ads-filtered-by-us">
          Blocket tog inte hänsyn till {listInWords(ours)}, så vi har sållat annonserna själva
          {ours.includes("dragkrok") ? " – dragkroken syns bara om annonsen nämner den" : ""}.
        </p>
      ) : null}
    </div>
  );
}

function listInWords(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} och ${words.at(-1)}`;
}

/** An empty alt keeps Chromium from drawing a broken-image icon, so the body drawing shows through. */
function AdPicture({ ad, body }: { ad: Ad; body: BodyType | undefined }) {
  const photo = safeExternalUrl(ad.thumbnail);
  return (
    <div className="relative aspect-[8/5] w-full flex-none overflow-hidden rounded-md">
      <BodyDrawing body={body} className="absolute inset-0 size-full" />
      {photo ? (
        <img
          src={proxiedImageUrl(photo)}
          alt=""
          width="320"
          height="200"
          loading="lazy"
          decoding="async"
          className="absolute inset-0 size-full object-cover"
          data-testid="ad-photo"
        />
      ) : null}
    </div>
  );
}

export function AdList({ availability, body, carName }: { availability: StoredAvailability; body: BodyType | undefined; carName: string }) {
  if (availability.status !== "known") {
    return (
      <p className="text-sm text-stone-700" data-testid={availability.status === "unchecked" ? "ads-unchecked" : undefined}>
        {availability.status === "unchecked" ? UNCHECKED_COPY.ads : DEGRADED_COPY["ads-unavailable"]}{" "}
        <a href={safeExternalUrl(availability.adsUrl)} className="font-semibold text-brand-700 underline" rel="noopener noreferrer" target="_blank">
          Sök själv på Blocket
        </a>
      </p>
    );
  }
  const demo = availability.source === "demo";
  return (
    <div data-testid="ad-list">
      {demo ? (
        <p className="mb-2 rounded-md bg-stone-100 p-2 text-sm text-stone-700">
          <strong>Exempelannonser.</strong> Drömbil körs utan uppkoppling mot Blocket, så de här annonserna är påhittade exempel – inga riktiga bilar.
        </p>
      ) : null}
      <SearchedLine availability={availability} />
      {availability.ads.length === 0 ? (
        <p className="text-sm text-stone-700">Inga annonser matchar just nu.</p>
      ) : (
        // Focusable and named: on a phone the row scrolls sideways, and keyboards must reach it.
        <div role="group" aria-label={`Annonser för ${carName}`} tabIndex={0} className="-mx-1 overflow-x-auto px-1 pb-2 sm:overflow-visible sm:pb-0">
          <ul className="flex snap-x gap-2 sm:grid sm:grid-cols-2 sm:gap-3 lg:grid-cols-3" data-testid="ads">
            {availability.ads.map((ad) => (
              <li
                key={ad.link}
                className="flex w-44 flex-none snap-start flex-col gap-2 rounded-lg border border-stone-200 bg-white p-2 sm:w-auto"
                data-testid="ad"
                data-year={ad.car.regDate}
                data-mileage={ad.car.mileage ?? undefined}
              >
                <AdPicture ad={ad} body={ad.body ?? body} />
                <div className="min-w-0 text-sm">
                  <a href={safeExternalUrl(ad.link)} className="font-semibold break-words text-brand-800 underline" rel="noopener noreferrer" target="_blank">
                    {demo ? "Exempel: " : ""}
                    {ad.heading}
                  </a>
                  <p className="font-semibold tabular-nums text-stone-900">{formatSek(Number(ad.price.amount))}</p>
                  <p className="text-stone-600">
                    {[
                      ad.car.regDate,
                      ad.car.mileage !== null ? formatMil(ad.car.mileage) : null,
                      ad.car.location.municipality ?? ad.car.location.city,
                      ad.car.fuel,
                      ad.car.gearbox,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                  <NeedChecks ad={ad} needs={availability.needs} />
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
      <a
        href={safeExternalUrl(availability.adsUrl)}
        className="mt-3 inline-block font-semibold text-brand-700 underline"
        rel="noopener noreferrer"
        target="_blank"
      >
        Visa alla annonser på Blocket
      </a>
    </div>
  );
}
