import { Form, useNavigation } from "react-router";
import { Button } from "./ui/button";

/** The list route's action handles `intent=delete`. */
const DELETE_RECOMMENDATION_ACTION = "/recommendations";

type Props = {
  id: string;
  /** Read by screen readers after "Ta bort", e.g. "rekommendationen från 21 november 2026". */
  description?: string;
  className?: string;
};

/** A <details> disclosure reveals the real submit button: a confirmation step without JavaScript. */
export function DeleteRecommendationForm({ id, description = "rekommendationen", className = "" }: Props) {
  const navigation = useNavigation();
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete" && navigation.formData.get("id") === id;

  return (
    <details className={`group ${className}`}>
      <summary className="inline-flex cursor-pointer list-none items-center gap-1 rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm font-semibold text-red-800 hover:border-red-300 hover:bg-red-50 [&::-webkit-details-marker]:hidden">
        Ta bort<span className="sr-only"> {description}</span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 group-open:rotate-180" fill="currentColor">
          <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z" />
        </svg>
      </summary>
      <div className="mt-2 max-w-xs rounded-md border border-red-200 bg-red-50 p-3 text-left">
        <p className="text-sm text-red-950">Vill du ta bort {description}? Det går inte att ångra.</p>
        <Form method="post" action={DELETE_RECOMMENDATION_ACTION} className="mt-2">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={id} />
          <Button type="submit" variant="danger" size="sm" disabled={deleting}>
            {deleting ? "Tar bort…" : "Ja, ta bort"}
          </Button>
        </Form>
      </div>
    </details>
  );
}
