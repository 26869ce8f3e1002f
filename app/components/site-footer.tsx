import { Link } from "react-router";
import { CONTACT_EMAIL } from "#app/lib/site";

export function SiteFooter() {
  return (
    <footer className="border-t border-stone-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-stone-700 sm:flex-row sm:items-center sm:justify-between">
        <nav aria-label="Sidfot">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <a href={`mailto:${CONTACT_EMAIL}`} className="hover:text-stone-950 hover:underline">
                Kontakt<span className="sr-only"> ({CONTACT_EMAIL})</span>
              </a>
            </li>
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
