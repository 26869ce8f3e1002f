import { Link } from "react-router";

/** `contactEmail` comes from the root loader; it is missing only when that loader itself failed. */
export function SiteFooter({ contactEmail }: { contactEmail: string | null }) {
  return (
    <footer className="border-t border-stone-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-stone-700 sm:flex-row sm:items-center sm:justify-between">
        <nav aria-label="Sidfot">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {contactEmail ? (
              <li>
                <a href={`mailto:${contactEmail}`} className="hover:text-stone-950 hover:underline">
                  Kontakt<span className="sr-only"> ({contactEmail})</span>
                </a>
              </li>
            ) : null}
            <li>
              <Link to="/integritetspolicy" className="hover:text-stone-950 hover:underline">
                Integritetspolicy
              </Link>
            </li>
            <li>
              <Link to="/anvandarvillkor" className="hover:text-stone-950 hover:underline">
                Användarvillkor
              </Link>
            </li>
          </ul>
        </nav>
        <p>© {new Date().getFullYear()} Drömbil</p>
      </div>
    </footer>
  );
}
