import type { Services } from "#app/server/services.server";
import { clerkPrimaryEmail } from "#app/server/auth/clerk-backend.server";
import { checkWatchQuery, type CheckRun, enqueueWatchChecks, type WatchCheckMessage, type WatchQueue } from "./watch-checks.server";
import { sendDigests, type DigestRun } from "./watch-digest.server";
import { linkSecretOf } from "./watch-links.server";
import { mailerFor } from "./watch-mail.server";

// What workers/app.ts calls for the watches: the cron (digests, then the checks' messages) and the queue consumer.

export type WatchBindings = { WATCH_CHECKS: WatchQueue; EMAIL?: SendEmail | undefined };

type WatchServices = Pick<Services, "appEnv" | "auth" | "db" | "results" | "marketplace">;

/** Digests first, for the matches earlier runs recorded; then one check message per distinct query. */
export async function runWatchCron(
  services: WatchServices,
  bindings: WatchBindings,
  now: Date,
): Promise<{ digests: DigestRun | null; queries: number; followed: number }> {
  const { appEnv, db, auth } = services;
  const mailer = mailerFor({ appEnv, email: bindings.EMAIL, db });
  const linkSecret = linkSecretOf(appEnv);
  let digests: DigestRun | null = null;
  if (!mailer || !linkSecret) {
    console.warn(`Watch digests not sent: ${mailer ? "WATCH_LINK_SECRET is not set" : "no Email Service binding (EMAIL)"}`);
  } else {
    digests = await sendDigests(
      {
        db,
        mailer,
        siteUrl: appEnv.PUBLIC_SITE_URL.replace(/\/$/, ""),
        from: appEnv.MAIL_FROM,
        linkSecret,
        addressOf: (userId, localMailTo) => (auth.provider === "clerk" ? clerkPrimaryEmail(auth, userId) : Promise.resolve(localMailTo)),
      },
      now,
    );
  }
  const run = await enqueueWatchChecks({ db, results: services.results, queue: bindings.WATCH_CHECKS }, now);
  return { digests, ...run };
}

type Message = { body: unknown; ack(): void; retry(): void };

/** Each message is one query; a failed fetch is retried by the queue (max_retries in wrangler.toml), a repeat records nothing twice. */
export async function handleWatchBatch(messages: readonly Message[], services: WatchServices, now: Date): Promise<CheckRun[]> {
  const deps = { db: services.db, marketplace: services.marketplace.forRequest(), dailyFetchCap: services.appEnv.WATCH_DAILY_FETCH_CAP };
  const runs: CheckRun[] = [];
  for (const message of messages) {
    const body = message.body as Partial<WatchCheckMessage> | null;
    if (typeof body?.queryKey !== "string") {
      message.ack();
      continue;
    }
    try {
      runs.push(await checkWatchQuery(body.queryKey, deps, now));
      message.ack();
    } catch (error) {
      console.warn("Watch check failed; the queue retries it", error);
      message.retry();
    }
  }
  return runs;
}
