import { unknownAvailabilityText } from "#app/lib/availability-text";
import { formatMil, formatSek } from "#app/lib/format";
import { proxiedImageUrl } from "#app/lib/image-url";
import { safeExternalUrl } from "#app/lib/safe-url";
import type { StoredAvailability } from "#app/lib/saved-recommendation";

/** The ads found for one suggestion: up to six, demo ones labelled as examples. */
export function AdList({ availability }: { availability: StoredAvailability }) {
  if (availability.status === "unknown") {
    return (
      <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="availability-unknown">
        <p>
          <strong>Tillgången är okänd.</strong> {unknownAvailabilityText(availability)} Bilen fick därför 0 poäng för tillgång.
        </p>
        <a href={safeExternalUrl(availability.adsUrl)} className="mt-1 inline-block font-semibold underline" rel="noopener noreferrer" target="_blank">
          Sök själv på Blocket
        </a>
      </div>
    );
  }
  const demo = availability.source === "demo";
  return (
    <div>
      {demo ? (
        <p className="mb-2 rounded-md bg-stone-100 p-2 text-sm text-stone-700">
          <strong>Exempelannonser.</strong> Drömbil körs utan uppkoppling mot Blocket, så de här annonserna är påhittade exempel –
          inga riktiga bilar.
        </p>
      ) : null}
      {availability.marketWindow ? (
        <p className="mb-2 text-sm text-stone-700">
          Begärt pris i annonserna: median {formatSek(availability.marketWindow.medianPrice)}, från{" "}
          {formatSek(availability.marketWindow.lowPrice)} till {formatSek(availability.marketWindow.highPrice)} (
          {availability.marketWindow.sampleSize} annonser).
        </p>
      ) : null}
      {availability.ads.length === 0 ? (
        <p className="text-sm text-stone-700">Inga annonser matchar just nu.</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {availability.ads.map((ad) => (
            <li key={ad.link} className="flex gap-3 rounded-lg border border-stone-200 bg-white p-2">
              {safeExternalUrl(ad.thumbnail) ? (
                <img
                  src={proxiedImageUrl(ad.thumbnail ?? "")}
                  alt=""
                  width="96"
                  height="72"
                  loading="lazy"
                  decoding="async"
                  className="h-18 w-24 flex-none rounded object-cover"
                />
              ) : (
                <div className="flex h-18 w-24 flex-none items-center justify-center rounded bg-stone-100 text-xs text-stone-700" aria-hidden="true">
                  Ingen bild
                </div>
              )}
              <div className="min-w-0 text-sm">
                <a href={safeExternalUrl(ad.link)} className="line-clamp-2 font-semibold text-brand-800 underline" rel="noopener noreferrer" target="_blank">
                  {demo ? "Exempel: " : ""}
                  {ad.heading}
                </a>
                <p className="font-semibold text-stone-900">{formatSek(Number(ad.price.amount))}</p>
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
              </div>
            </li>
          ))}
        </ul>
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
