import type { ReactNode } from "react";
import { Link } from "react-router";
import type { AdviceAssumptions } from "#app/lib/saved-recommendation";
import { UnderstoodRequirements } from "./understood-requirements";

/** `uncertain` only where the reading marks it. */
type Understood = { hard: string[]; usage: string[]; wishes: string[]; assumed?: string[]; assumedWishes?: string[]; uncertain?: string[]; noted?: string[] };

const correctionPath = (id: string) => `/recommendations/${id}/tolkning`;

/** "Ändra" sits outside the <summary>: a link inside one is a nested control. */
export function InterpretationLine({
  id,
  understood,
  assumptions,
  shortfall,
  description,
  mileageByBuyer = false,
  children,
}: {
  id: string | null;
  description?: string;
  mileageByBuyer?: boolean;
  understood: Understood | null;
  assumptions: AdviceAssumptions | null;
  shortfall: string | null;
  children?: ReactNode;
}) {
  const flagged = [...(understood?.uncertain ?? []).map((item) => `Osäkert: ${item}`), ...(understood?.assumed ?? [])];
  // Assumed wishes only steer: they stay in the folded line, where the flags are for what is enforced.
  const line = understood ? [...understood.hard, ...understood.usage, ...understood.wishes, ...(understood.assumedWishes ?? [])].join(" · ") : "";
  return (
    <div className="relative rounded-xl border border-stone-200 bg-white" data-testid="interpretation-line">
      <details className="group">
        <summary className={`cursor-pointer list-none px-3 py-2 text-sm [&::-webkit-details-marker]:hidden ${id ? "pr-16" : ""}`}>
          <span className="flex min-w-0 items-baseline gap-1.5">
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 flex-none self-center text-brand-800 group-open:rotate-90" fill="currentColor">
              <path d="M7.21 14.77a.75.75 0 0 1 .02-1.06L11.17 10 7.23 6.29a.75.75 0 1 1 1.04-1.08l4.5 4.25a.75.75 0 0 1 0 1.08l-4.5 4.25a.75.75 0 0 1-1.06-.02Z" />
            </svg>
            <span className="flex-none font-semibold text-stone-950">Så tolkade vi dig</span>
            {line ? <span className="min-w-0 truncate text-stone-700">{line}</span> : null}
          </span>
          {flagged.length > 0 ? (
            <span className="mt-1 flex flex-wrap gap-1" data-testid="interpretation-flagged">
              {flagged.map((item) => (
                <span key={item} className="rounded-md bg-amber-50 px-1.5 py-0.5 text-xs text-amber-950 ring-1 ring-amber-300">
                  {item}
                </span>
              ))}
            </span>
          ) : null}
          {shortfall ? <span className="mt-1 block text-xs font-medium text-amber-900">Färre bilar än vanligt passar, se varför.</span> : null}
        </summary>
        <div className="border-t border-stone-100 [&>section]:border-0">
          <UnderstoodRequirements
            understood={understood ? { ...understood, assumed: understood.assumed ?? [] } : null}
            assumptions={assumptions}
            shortfall={shortfall}
            description={description}
            mileageByBuyer={mileageByBuyer}
            {...(id ? { editHref: correctionPath(id) } : {})}
          >
            {children}
          </UnderstoodRequirements>
        </div>
      </details>
      {id ? (
        <Link
          to={correctionPath(id)}
          className="absolute top-1.5 right-2 rounded-md px-2 py-0.5 text-sm font-semibold text-brand-700 underline hover:bg-brand-50"
        >
          Ändra<span className="sr-only"> tolkningen</span>
        </Link>
      ) : null}
    </div>
  );
}
