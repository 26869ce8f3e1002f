import { requireUserId } from "#app/server/auth/auth.server";
import { listAllRecommendationsForUser } from "#app/server/db/recommendations.server";
import { toRecommendationView } from "#app/server/recommendations/recommendation-view.server";
import type { Route } from "./+types/recommendations-export";

const EXPORT_FILENAME = "drombil-mina-data.json";

/**
 * "Ladda ner mina data" (GDPR access): every recommendation of the signed-in user as JSON, each
 * passed through `toRecommendationView`, so a locked recommendation's locked fields are left out
 * here exactly as on the page. A resource route does not run the layout loader: it checks sign-in
 * itself.
 */
export async function loader(args: Route.LoaderArgs) {
  const userId = await requireUserId(args);
  const saved = await listAllRecommendationsForUser(userId);
  const body = {
    exportedAt: new Date().toISOString(),
    recommendations: saved.map((row) => {
      const view = toRecommendationView(row);
      return {
        id: view.id,
        createdAt: view.createdAt.toISOString(),
        isLocked: view.isLocked,
        input: view.input,
        result: { source: view.source, cars: view.cars },
      };
    }),
  };
  return new Response(JSON.stringify(body, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${EXPORT_FILENAME}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
