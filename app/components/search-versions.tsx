import { Link } from "react-router";

export type SearchVersionLink = { id: string; version: number; createdAt: string; date: string; topCarName: string | null };

/** "Version 2, 28 november 2026: Skoda Kodiaq …": one wording for a version wherever it is listed. */
export function VersionLabel({ version }: { version: SearchVersionLink }) {
  return (
    <>
      Version {version.version}, <time dateTime={version.createdAt}>{version.date}</time>
      {version.topCarName ? `: ${version.topCarName}` : ""}
    </>
  );
}

/** Every saved version of this search, the one shown marked; a plain <details> (open on an older version), so without JavaScript too. */
export function SearchVersions({ versions, current }: { versions: readonly SearchVersionLink[]; current: string }) {
  if (versions.length < 2) return null;
  const shown = versions.find((version) => version.id === current);
  const newest = versions[0];
  return (
    <details className="rounded-xl border border-stone-200 bg-white p-3 text-sm sm:p-4" data-testid="search-versions" open={newest?.id !== current}>
      <summary className="cursor-pointer font-semibold text-brand-800 underline">
        {shown ? `Version ${shown.version} av ${versions.length} av sökningen` : `Versioner av sökningen (${versions.length})`}
      </summary>
      <ol className="mt-2 space-y-1 border-l-2 border-stone-200 pl-3">
        {versions.map((version) => (
          <li key={version.id}>
            {version.id === current ? (
              <span aria-current="page" className="font-semibold text-stone-950">
                <VersionLabel version={version} /> (den här)
              </span>
            ) : (
              <Link to={`/recommendations/${version.id}`} className="text-stone-800 underline hover:text-brand-800">
                <VersionLabel version={version} />
              </Link>
            )}
          </li>
        ))}
      </ol>
    </details>
  );
}
