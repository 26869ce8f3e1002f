import { formatNumber } from "#app/lib/format";
import { requireUserId } from "#app/server/auth/auth.server";
import { type ExportCursor, getLastActiveOn, listRecommendationPageForExport } from "#app/server/db/account-data.server";
import { countJobsForUser, listJobsForUser } from "#app/server/db/recommendation-jobs.server";
import { toRecommendationView } from "#app/server/recommendations/recommendation-view.server";
import type { Route } from "./+types/recommendations-export";
import { servicesFrom } from "#app/server/services.server";
import { listWatchDataForExport } from "#app/server/watches/watch-store.server";

const EXPORT_FILENAME = "drombil-mina-data.json";
/** Rows per D1 query: one page of full documents stays small in memory, however many there are. */
export const EXPORT_PAGE_SIZE = 100;
/** The most `listJobsForUser` returns; more are counted and said. */
export const EXPORT_UNFINISHED_LIMIT = 50;

// Streamed page by page with the count last, so a reader can check nothing is missing and a failure
// midway fails the download visibly. Locked fields are left out as on the page. A resource route
// does not run the layout loader: it checks sign-in itself.
export async function loader(args: Route.LoaderArgs) {
  const userId = await requireUserId(args);
  const { db, results } = servicesFrom(args.context);
  const [lastActiveOn, jobs, jobCount, watched] = await Promise.all([
    getLastActiveOn(userId, db),
    listJobsForUser(userId, { limit: EXPORT_UNFINISHED_LIMIT }, db),
    countJobsForUser(userId, db),
    listWatchDataForExport(userId, db),
  ]);
  // A handful (creates are rate limited); never results.
  const unfinished = jobs.map((job) => ({
    id: job.id,
    createdAt: job.createdAt.toISOString(),
    status: job.status,
    failure: job.failure,
    input: job.input,
    requirements: job.requirements,
    searchId: job.searchId,
    version: job.version,
    corrections: job.corrections,
  }));
  const encoder = new TextEncoder();
  let cursor: ExportCursor | null = null;
  let count = 0;
  let finished = false;
  const unreadable: { id: string; createdAt: string }[] = [];

  // Never a silent cut: the total is always there, and a note says when the list is shorter.
  const capped =
    jobCount > unfinished.length
      ? `,\n  "unfinishedRecommendationsNote": ${JSON.stringify(
          `Här visas de ${unfinished.length} senaste av dina ${jobCount} påbörjade eller misslyckade rekommendationer. Ta bort misslyckade under Dina rekommendationer och ladda ner igen för att få med resten.`,
        )}`
      : "";
  const head = `{\n  "exportedAt": ${JSON.stringify(new Date().toISOString())},\n  "account": ${JSON.stringify({ userId, lastActiveOn })},\n  "unfinishedRecommendations": ${JSON.stringify(unfinished)},\n  "unfinishedRecommendationCount": ${jobCount}${capped},\n  "watches": ${JSON.stringify(watched)},\n  "recommendations": [`;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(head));
    },
    async pull(controller) {
      if (finished) return;
      try {
        const {
          rows: page,
          unreadable: missing,
          next,
        } = await listRecommendationPageForExport(userId, { after: cursor, limit: EXPORT_PAGE_SIZE }, db, results);
        unreadable.push(...missing.map((row) => ({ id: row.id, createdAt: row.createdAt.toISOString() })));
        const chunk = page
          .map((row) => {
            const view = toRecommendationView(row);
            const entry = {
              id: view.id,
              createdAt: view.createdAt.toISOString(),
              isLocked: view.isLocked,
              input: view.input,
              requirements: row.requirements,
              searchId: row.searchId,
              version: row.version,
              corrections: row.corrections,
              result: { source: view.source, cars: view.cars },
            };
            return `${count++ === 0 ? "\n" : ",\n"}    ${JSON.stringify(entry)}`;
          })
          .join("");
        if (chunk) controller.enqueue(encoder.encode(chunk));
        if (next) {
          cursor = next;
          return;
        }
        finished = true;
        controller.enqueue(encoder.encode(`${count > 0 ? "\n  " : ""}],\n  "recommendationCount": ${count},\n${unreadableTail(unreadable)}\n}\n`));
        controller.close();
      } catch (error) {
        console.error("Export failed part-way; the download is aborted rather than cut short", error);
        finished = true;
        controller.error(error);
      }
    },
  });

  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${EXPORT_FILENAME}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** Rows D1 lists but whose result could not be read are named, never dropped unsaid. */
function unreadableTail(rows: { id: string; createdAt: string }[]): string {
  const note =
    rows.length > 0
      ? `,\n  "unreadableRecommendationsNote": ${JSON.stringify(
          rows.length === 1
            ? "1 sparad rekommendation finns kvar i vår databas men dess resultat saknas, så den kunde inte tas med ovan; den står med id och datum i unreadableRecommendations."
            : `${formatNumber(rows.length)} sparade rekommendationer finns kvar i vår databas men deras resultat saknas, så de kunde inte tas med ovan; de står med id och datum i unreadableRecommendations.`,
        )}`
      : "";
  return `  "unreadableRecommendations": ${JSON.stringify(rows)},\n  "unreadableRecommendationCount": ${rows.length}${note}`;
}
