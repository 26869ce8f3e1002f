import { limitMessage } from "#app/lib/failure-copy";
import { formatNumber } from "#app/lib/format";
import type { ReadingPreview } from "#app/lib/reading-items";
import { CarTypeSchema, DESCRIPTION_MAX, DescriptionTextSchema, SearchInputSchema, SellerTypeSchema } from "#app/lib/search-form";
import { requireUserId } from "#app/server/auth/auth.server";
import { PRIVATE_NO_STORE } from "#app/server/http/cache-policy.server";
import { readingPreview } from "#app/server/recommendations/reading-preview.server";
import { servicesFrom } from "#app/server/services.server";
import type { Route } from "./+types/recommendations-reading-preview";

// The offline parser only: no AI spend. Checks sign-in itself (resource route); never cached, the wish never logged.

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "Cache-Control": PRIVATE_NO_STORE, ...headers } });

const problem = (message: string, status: number, headers: Record<string, string> = {}) => json({ message }, status, headers);

export async function loader(args: Route.LoaderArgs) {
  await requireUserId(args);
  return problem("Tolkningen hämtas med formuläret på sidan Hitta din drömbil.", 405, { Allow: "POST" });
}

export async function action(args: Route.ActionArgs) {
  const userId = await requireUserId(args);
  const services = servicesFrom(args.context);
  const decision = await services.rateLimits.hit("reading", userId);
  if (!decision.allowed) {
    return problem(limitMessage("reading", decision.retryAfterSeconds), 429, { "Retry-After": String(decision.retryAfterSeconds) });
  }

  const form = await args.request.formData();
  const posted = form.get("description");
  // The create form's own cleaning, so the preview reads exactly what a create would save.
  const description = typeof posted === "string" ? DescriptionTextSchema.parse(posted) : "";
  if (description === "") {
    return problem("Skriv vad du letar efter, så visar vi hur vi tolkar det.", 400);
  }
  if (description.length > DESCRIPTION_MAX) {
    return problem(`Beskrivningen får vara högst ${formatNumber(DESCRIPTION_MAX)} tecken.`, 413);
  }
  const carType = CarTypeSchema.safeParse(form.get("carType") ?? "alla");
  const sellerType = SellerTypeSchema.safeParse(form.get("sellerType") ?? "alla");
  if (!carType.success || !sellerType.success) return problem("Välj biltyp och säljare i listorna.", 400);
  // A price still being typed is no reason to hide the reading: read without it until it parses.
  const price = SearchInputSchema.shape.maxPrice.safeParse(form.get("maxPrice") ?? "");

  const preview: ReadingPreview = readingPreview(
    { description, maxPrice: price.success ? price.data : null, carType: carType.data, sellerType: sellerType.data },
    services.advice,
  );
  // Text we cannot read yet (a half-typed word) is an answer, not an error: its notice says so. A 4xx here
  // put "Failed to load resource" in the buyer's console on every keystroke of an unclear start.
  return json(preview);
}
