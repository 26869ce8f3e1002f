import { Link } from "react-router";
import { formatCount, formatSek } from "#app/lib/format";
import { CAR_TYPES, SELLER_TYPES } from "#app/lib/search-options";
import { DeleteRecommendationForm } from "./delete-recommendation-form";
import { type SearchVersionLink, VersionLabel } from "./search-versions";

type Version = SearchVersionLink;

export type SearchCardItem = Version & {
  isLocked: boolean;
  carType: keyof typeof CAR_TYPES;
  sellerType: keyof typeof SELLER_TYPES;
  maxPrice: number;
  descriptionStart: string;
  carCount: number;
  versions: Version[];
};

/** One search: its newest version on the card, the earlier ones (a plain <details>, so without JavaScript too) inside. */
export function SearchCard({ item }: { item: SearchCardItem }) {
  const date = item.date;
  return (
    <article
      className="flex flex-col gap-4 rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:flex-row sm:items-start sm:justify-between"
      aria-labelledby={`rek-${item.id}`}
      data-testid="recommendation-row"
    >
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <time dateTime={item.createdAt} className="text-stone-600">
            {date}
          </time>
          {item.isLocked ? (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Låst</span>
          ) : (
            <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900">Upplåst</span>
          )}
          {item.version > 1 ? (
            <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-800" data-testid="search-version">
              Version {item.version}
            </span>
          ) : null}
        </div>
        <h2 id={`rek-${item.id}`} className="mt-1 text-xl font-bold text-stone-950">
          <Link to={`/recommendations/${item.id}`} className="rounded-sm hover:text-brand-800 hover:underline">
            {item.topCarName ?? "Dina bilförslag"}
            <span className="sr-only">, förslag från {date}</span>
          </Link>
        </h2>
        <p className="mt-1 text-sm text-stone-700">
          Bäst av {formatCount(item.carCount, "förslag", "förslag")} · {CAR_TYPES[item.carType]} · upp till {formatSek(item.maxPrice)} · säljare:{" "}
          {SELLER_TYPES[item.sellerType].toLowerCase()}
        </p>
        <p className="mt-2 break-words text-stone-700">
          <span className="sr-only">Dina önskemål: </span>”{item.descriptionStart}”
        </p>
        {item.versions.length > 0 ? (
          <details className="mt-3 text-sm" data-testid="older-versions">
            <summary className="cursor-pointer font-semibold text-brand-800 underline">
              Tidigare versioner ({item.versions.length})<span className="sr-only"> av sökningen från {date}</span>
            </summary>
            <ol className="mt-2 space-y-1 border-l-2 border-stone-200 pl-3">
              {item.versions.map((version) => (
                <li key={version.id}>
                  <Link to={`/recommendations/${version.id}`} className="text-stone-800 underline hover:text-brand-800">
                    <VersionLabel version={version} />
                  </Link>
                </li>
              ))}
            </ol>
          </details>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-wrap items-start gap-2 sm:flex-col sm:items-end">
        <Link to={`/recommendations/${item.id}`} className="rounded-md px-3 py-1.5 text-sm font-semibold text-brand-700 underline hover:text-brand-800">
          Visa förslagen<span className="sr-only"> från {date}</span>
        </Link>
        <DeleteRecommendationForm id={item.id} description={`rekommendationen från ${date}`} className="sm:text-right" />
      </div>
    </article>
  );
}
