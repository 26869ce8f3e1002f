import { Form, Link, useFetcher } from "react-router";
import type { NewAd, WatchPanelData, WatchRow } from "#app/server/watches/watch-views.server";
import { Button } from "./ui/button";

// "Bevaka" on the result page, the watches on the list page, and the new ads with why each fits (the ads list's marks).

const WATCH_ACTION = "/recommendations/bevakningar";

function NewAdsList({ ads }: { ads: NewAd[] }) {
  if (ads.length === 0) return null;
  return (
    <ul className="mt-2 space-y-2" data-testid="new-ads">
      {ads.map((ad) => (
        <li key={ad.key} className="rounded-lg border border-brand-200 bg-white p-2 text-sm" data-testid="new-ad">
          <p className="text-xs font-semibold text-brand-800">
            {ad.kind === "price-drop" ? "Sänkt pris" : "Ny annons"} · {ad.carName}
          </p>
          <a href={ad.link} className="font-semibold break-words text-brand-800 underline" rel="noopener noreferrer" target="_blank">
            {ad.heading}
          </a>
          <p className="tabular-nums text-stone-900">
            <span className="font-semibold">{ad.price}</span> · {ad.facts}
          </p>
          <ul className="mt-1 flex flex-wrap gap-1 text-xs" aria-label="Därför passar den">
            {ad.marks.map((mark) => (
              <li
                key={mark.text}
                className={`rounded px-1.5 py-0.5 font-medium ${mark.shown ? "bg-brand-50 text-brand-800" : "bg-amber-50 text-amber-900"}`}
                data-testid={mark.shown ? "need-shown" : "need-check"}
              >
                <span aria-hidden="true">{mark.shown ? "✓ " : "? "}</span>
                {mark.text}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

/** Distinct ads: a car watched alone and in its whole search shows the same new ad in both rows, but it is one ad. */
const newCount = (rows: readonly WatchRow[]) => new Set(rows.flatMap((row) => row.newAds.map((ad) => `${ad.link} ${ad.kind}`))).size;

function NewBadge({ count }: { count: number }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${count > 0 ? "bg-brand-700 text-white" : "bg-stone-100 text-stone-700"}`}
      data-testid="watch-new-count"
    >
      Nytt: {count}
    </span>
  );
}

/** One tap, a plain form: without JavaScript the post goes to the watch route, which shows a refusal on its own page. */
function WatchButton({ recommendationId, car, label, children }: { recommendationId: string; car: string; label: string; children: string }) {
  const fetcher = useFetcher<{ error?: string }>();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={WATCH_ACTION}>
      <input type="hidden" name="intent" value="watch" />
      <input type="hidden" name="recommendationId" value={recommendationId} />
      <input type="hidden" name="car" value={car} />
      <Button type="submit" variant="outline" size="sm" disabled={busy} aria-label={label} data-testid="watch-button">
        {busy ? "Startar…" : children}
      </Button>
      {fetcher.data?.error ? (
        <p role="alert" className="mt-1 text-sm font-medium text-red-700" data-testid="watch-error">
          {fetcher.data.error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

function StopForm({ id, label }: { id: string; label: string }) {
  return (
    <Form method="post" action={WATCH_ACTION}>
      <input type="hidden" name="intent" value="stop" />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant="secondary" size="sm" aria-label={`Avsluta bevakningen av ${label}`}>
        Avsluta
      </Button>
    </Form>
  );
}

function RenewForm({ id, label }: { id: string; label: string }) {
  return (
    <Form method="post" action={WATCH_ACTION}>
      <input type="hidden" name="intent" value="renew" />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant="outline" size="sm" aria-label={`Förnya bevakningen av ${label} i 60 dagar`}>
        Förnya
      </Button>
    </Form>
  );
}

/** The result page's "Bevaka": per car and for the whole search, and what the watches found. */
export function WatchPanel({ panel, started }: { panel: WatchPanelData; started: boolean }) {
  const count = newCount(panel.watches);
  return (
    <section id="bevaka" aria-labelledby="bevaka-heading" className="scroll-mt-6 rounded-xl border border-stone-200 bg-white p-4" data-testid="watch-panel">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="bevaka-heading" className="font-semibold text-stone-950">
          Bevaka annonser
        </h2>
        {panel.watches.length > 0 ? <NewBadge count={count} /> : null}
      </div>
      <p className="mt-1 text-sm text-stone-700">
        Vi letar efter nya annonser var fjärde timme och säger till när en bil som passar det du bad om dyker upp, med ett mejl högst en gång om dagen.
        Bevakningen gäller i 60 dagar. Du kan ha {panel.limit} bevakningar samtidigt (du har {panel.activeCount}).
      </p>
      {started ? (
        <p role="status" className="mt-2 rounded-md bg-brand-50 p-2 text-sm text-brand-900">
          Bevakningen är startad.
        </p>
      ) : null}
      <ul className="mt-3 grid gap-2 sm:grid-cols-2">
        {panel.cars.map((car) => (
          <li key={car.carKey} className="flex min-h-9 items-center justify-between gap-2 text-sm">
            <span className="min-w-0 break-words">{car.carName}</span>
            {car.watchId ? (
              <span className="flex-none text-xs font-semibold text-brand-800" data-testid="watching">
                Bevakas
              </span>
            ) : (
              <WatchButton recommendationId={panel.recommendationId} car={car.carKey} label={`Bevaka ${car.carName}`}>
                Bevaka
              </WatchButton>
            )}
          </li>
        ))}
      </ul>
      <div className="mt-3 border-t border-stone-200 pt-3">
        {panel.wholeSearch ? (
          <p className="text-sm font-semibold text-brand-800">Hela sökningen bevakas.</p>
        ) : (
          <WatchButton recommendationId={panel.recommendationId} car="" label="Bevaka hela sökningen">
            Bevaka hela sökningen
          </WatchButton>
        )}
      </div>
      <NewAdsList ads={panel.watches.flatMap((watch) => watch.newAds)} />
    </section>
  );
}

/** The list page's watches, each with its new ads, "Avsluta" and "Förnya". */
export function WatchList({ watches, limit, flash }: { watches: WatchRow[]; limit: number; flash: string | null }) {
  if (watches.length === 0 && !flash) return null;
  return (
    <section id="bevakningar" aria-labelledby="bevakningar-heading" className="mt-8 scroll-mt-6" data-testid="watch-list">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="bevakningar-heading" className="text-xl font-semibold text-stone-950">
          Dina bevakningar
        </h2>
        <NewBadge count={newCount(watches)} />
        <span className="text-sm text-stone-600">
          {watches.length} av {limit}
        </span>
      </div>
      {flash ? (
        <p role="status" className="mt-2 rounded-md border border-brand-200 bg-brand-50 p-2 text-sm text-brand-900">
          {flash}
        </p>
      ) : null}
      <ul className="mt-3 space-y-3">
        {watches.map((watch) => (
          <li key={watch.id} className="rounded-xl border border-stone-200 bg-white p-3" data-testid="watch-row">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-semibold text-stone-950">
                  <Link to={`/recommendations/${watch.recommendationId}#bevaka`} className="hover:underline">
                    {watch.wholeSearch ? `Hela sökningen: ${watch.label}` : watch.label}
                  </Link>
                </p>
                <p className={`text-sm ${watch.endingSoon ? "font-semibold text-amber-900" : "text-stone-600"}`}>Bevakas till {watch.endsOn}</p>
              </div>
              <div className="flex flex-none gap-2">
                <RenewForm id={watch.id} label={watch.label} />
                <StopForm id={watch.id} label={watch.label} />
              </div>
            </div>
            <NewAdsList ads={watch.newAds} />
          </li>
        ))}
      </ul>
    </section>
  );
}
