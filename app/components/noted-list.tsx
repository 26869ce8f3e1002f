import type { NotedView } from "#app/lib/reading-items";

/** Needs we understood but cannot search on: shown so the buyer sees they were not dropped, and which of them the ranking weighs. */
export function NotedList({ items }: { items: readonly NotedView[] }) {
  const weighed = items.some((item) => item.weighed);
  return (
    <section aria-labelledby="noted-heading" className="min-w-0" data-testid="noted">
      <h3 id="noted-heading" className="text-sm font-semibold text-stone-700">
        Noterat
      </h3>
      <p className="mt-0.5 text-xs text-stone-600">
        {weighed
          ? "Sådant vi förstod men inte kan söka på. Det som är märkt ”vägs in i ordningen” påverkar ordningen på förslagen; resten styr dem inte, så kontrollera det i annonsen."
          : "Sådant vi förstod men inte kan söka på. Det styr inte förslagen, så kontrollera det i annonsen."}
      </p>
      <ul className="mt-1.5 space-y-1.5">
        {items.map((item) => (
          <li
            key={`${item.text}|${item.quote ?? ""}`}
            className="rounded-lg border border-dashed border-stone-300 bg-white px-2.5 py-1.5 text-sm"
            data-testid="noted-item"
          >
            <span className="mr-1.5 inline-block rounded bg-stone-100 px-1.5 py-0.5 text-xs font-semibold text-stone-700 ring-1 ring-stone-300">noterat</span>
            <span className="text-stone-950">{item.text}</span>
            {item.weighed ? (
              <span className="text-stone-600"> · vägs in i ordningen</span>
            ) : item.steers ? (
              <span className="text-stone-600"> · även läst som krav eller önskemål ovan</span>
            ) : null}
            {/* "Går bra: diesel går bra" already holds the buyer's words: they are not shown twice. */}
            {item.quote && !item.text.endsWith(item.quote) ? <span className="block text-xs text-stone-600">Du skrev: ”{item.quote}”</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
