import { and, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import { watchDigests, watches, watchMatches, watchTargets } from "#drizzle/schema";
import { formatMil, formatSek } from "#app/lib/format";
import type { MarketplaceCar } from "#app/lib/marketplace";
import type { OutgoingMail } from "#app/lib/outgoing-mail";
import { fitOf, WATCH_REMINDER_DAYS, type WatchAdvice } from "#app/lib/watch-match";
import type { Database } from "#app/server/db/client.server";
import type { Mailer } from "./watch-mail.server";
import { signWatchLink } from "./watch-links.server";

/** Digests per cron run; the rest go in the next run (each buyer still gets at most one a day). */
const DIGESTS_PER_RUN = 100;
/** The cron's period: a watch gets its reminder in the one run whose slice holds "7 days before the end". */
const RUN_PERIOD_MS = 4 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

export const DIGEST_SUBJECT = "Nya bilar som passar din bevakning";

export type DigestDeps = {
  db: Database;
  mailer: Mailer;
  siteUrl: string;
  from: string;
  linkSecret: string;
  /** The account's address (Clerk's, or the offline sign-in's kept with the watch); null skips the buyer. */
  addressOf: (userId: string, localMailTo: string | null) => Promise<string | null>;
};

type DigestMatch = { watchId: string; kind: "new" | "price-drop"; carName: string; ad: MarketplaceCar; advice: WatchAdvice };
type Reminder = { watchId: string; label: string; expiresAt: Date };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

function adLine(match: DigestMatch): { text: string; marks: string[] } {
  const { ad } = match;
  const facts = [formatSek(Number(ad.price.amount)), String(ad.car.regDate), ad.car.mileage !== null ? formatMil(ad.car.mileage) : null].filter(Boolean);
  const marks = fitOf(ad, match.advice).marks.map((mark) => `${mark.shown ? "✓" : "?"} ${mark.text}`);
  return { text: `${match.kind === "price-drop" ? "Sänkt pris: " : ""}${ad.heading} (${facts.join(", ")})`, marks };
}

/** Swedish plain text and HTML; the subject names neither the wish nor a price (it shows in lock screens and previews). */
async function composeDigest(
  to: string,
  matches: readonly DigestMatch[],
  reminders: readonly Reminder[],
  links: { site: string; stopAll: string; oneClick: string; renew: (watchId: string) => string; from: string },
): Promise<OutgoingMail> {
  const text: string[] = ["Hej!", ""];
  const html: string[] = ["<p>Hej!</p>"];
  if (matches.length > 0) {
    text.push(`Vi har hittat ${matches.length === 1 ? "en ny annons" : `${matches.length} nya annonser`} som passar det du bevakar:`, "");
    html.push(`<p>Vi har hittat ${matches.length === 1 ? "en ny annons" : `${matches.length} nya annonser`} som passar det du bevakar:</p><ul>`);
    for (const match of matches) {
      const line = adLine(match);
      text.push(`${match.carName}: ${line.text}`, ...line.marks.map((mark) => `  ${mark}`), `  ${match.ad.link}`, "");
      html.push(
        `<li><strong>${escapeHtml(match.carName)}</strong>: <a href="${escapeHtml(match.ad.link)}">${escapeHtml(line.text)}</a><br>${line.marks.map(escapeHtml).join(" · ")}</li>`,
      );
    }
    html.push("</ul>");
  }
  for (const reminder of reminders) {
    const renew = links.renew(reminder.watchId);
    const line = `Din bevakning av ${reminder.label} slutar om ${WATCH_REMINDER_DAYS} dagar. Förnya den i 60 dagar till: ${renew}`;
    text.push(line, "");
    html.push(
      `<p>Din bevakning av ${escapeHtml(reminder.label)} slutar om ${WATCH_REMINDER_DAYS} dagar. <a href="${escapeHtml(renew)}">Förnya i 60 dagar</a></p>`,
    );
  }
  text.push(`Se allt på Drömbil: ${links.site}/recommendations`, "", `Vill du inte få fler mejl? Avsluta dina bevakningar: ${links.stopAll}`);
  html.push(
    `<p><a href="${escapeHtml(`${links.site}/recommendations`)}">Se allt på Drömbil</a></p>`,
    `<p style="color:#57534e;font-size:13px">Vill du inte få fler mejl? <a href="${escapeHtml(links.stopAll)}">Avsluta dina bevakningar</a>.</p>`,
  );
  return {
    to,
    from: { email: links.from, name: "Drömbil" },
    subject: DIGEST_SUBJECT,
    text: text.join("\n"),
    html: `<!doctype html><html lang="sv"><body style="font-family:system-ui,sans-serif;color:#1c1917">${html.join("")}</body></html>`,
    headers: { "List-Unsubscribe": `<${links.oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

export type DigestRun = { sent: number; skipped: number; failed: number };

/** The cron's digests: buyers with matches not yet mailed or a watch at its reminder, none who had one today. */
export async function sendDigests(deps: DigestDeps, now: Date): Promise<DigestRun> {
  const { db } = deps;
  const today = dayOf(now);
  const active = and(isNull(watches.stoppedAt), gt(watches.expiresAt, now));
  const reminderFrom = new Date(now.getTime() + WATCH_REMINDER_DAYS * DAY_MS - RUN_PERIOD_MS);
  const reminderTo = new Date(now.getTime() + WATCH_REMINDER_DAYS * DAY_MS);
  const atReminder = and(gt(watches.expiresAt, reminderFrom), lte(watches.expiresAt, reminderTo));
  const notToday = sql`not exists (select 1 from ${watchDigests} d where d.user_id = ${watches.userId} and d.day = ${today})`;
  const hasUnmailed = sql`exists (select 1 from ${watchMatches} m where m.watch_id = ${watches.id} and m.mailed_at is null)`;
  const buyers = await db
    .selectDistinct({ userId: watches.userId })
    .from(watches)
    .where(and(active, notToday, sql`(${hasUnmailed} or (${atReminder}))`))
    .limit(DIGESTS_PER_RUN)
    .all();
  const run: DigestRun = { sent: 0, skipped: 0, failed: 0 };
  for (const { userId } of buyers) {
    try {
      run[await sendDigestTo(userId, deps, now, atReminder)]++;
    } catch (error) {
      console.error("Watch digest failed; the next run tries again", error);
      await db
        .delete(watchDigests)
        .where(and(eq(watchDigests.userId, userId), eq(watchDigests.day, today)))
        .run();
      run.failed++;
    }
  }
  return run;
}

async function sendDigestTo(userId: string, deps: DigestDeps, now: Date, atReminder: ReturnType<typeof and>): Promise<"sent" | "skipped"> {
  const { db } = deps;
  const active = and(eq(watches.userId, userId), isNull(watches.stoppedAt), gt(watches.expiresAt, now));
  const [own, matches] = await db.batch([
    db
      .select({ id: watches.id, label: watches.label, expiresAt: watches.expiresAt, localMailTo: watches.localMailTo, reminder: sql<number>`${atReminder}` })
      .from(watches)
      .where(active),
    db
      .select({
        watchId: watchMatches.watchId,
        adKey: watchMatches.adKey,
        kind: watchMatches.kind,
        ad: watchMatches.ad,
        carName: watchTargets.carName,
        advice: watchTargets.advice,
      })
      .from(watchMatches)
      .innerJoin(watchTargets, and(eq(watchTargets.watchId, watchMatches.watchId), eq(watchTargets.carKey, watchMatches.carKey)))
      .innerJoin(watches, eq(watches.id, watchMatches.watchId))
      .where(and(active, eq(watchMatches.userId, userId), isNull(watchMatches.mailedAt))),
  ]);
  // A car watched alone and in its whole search finds the same ad twice: the mail tells it once.
  const listed = [...new Map(matches.map((match) => [`${match.adKey} ${match.kind}`, match])).values()];
  const address = await deps.addressOf(userId, own.find((watch) => watch.localMailTo)?.localMailTo ?? null);
  if (!address) return "skipped";
  // Claimed before sending: a second run the same day (or a retry racing this one) finds the row and sends nothing.
  const claim = await db
    .insert(watchDigests)
    .values({ userId, day: dayOf(now), sentAt: now, matchCount: listed.length, reminderCount: 0 })
    .onConflictDoNothing()
    .returning();
  if (claim.length === 0) return "skipped";
  const reminders = own.filter((watch) => Boolean(watch.reminder)).map((watch) => ({ watchId: watch.id, label: watch.label, expiresAt: watch.expiresAt }));
  const link = async (token: Promise<string>, path: string) => `${deps.siteUrl}${path}?t=${await token}`;
  const stopAll = signWatchLink({ action: "stop-all", userId }, deps.linkSecret);
  const renewLinks = new Map(
    await Promise.all(
      reminders.map(
        async (reminder) =>
          [reminder.watchId, await link(signWatchLink({ action: "renew", userId, watchId: reminder.watchId }, deps.linkSecret), "/bevakning/fornya")] as const,
      ),
    ),
  );
  const mail = await composeDigest(address, listed, reminders, {
    site: deps.siteUrl,
    stopAll: await link(stopAll, "/bevakning/avsluta"),
    oneClick: await link(stopAll, "/bevakning/avregistrera"),
    renew: (watchId) => renewLinks.get(watchId) ?? `${deps.siteUrl}/recommendations`,
    from: deps.from,
  });
  await deps.mailer.send(userId, mail);
  const mailed = [...new Set(matches.map((match) => match.watchId))];
  await db.batch([
    db
      .update(watchDigests)
      .set({ reminderCount: reminders.length })
      .where(and(eq(watchDigests.userId, userId), eq(watchDigests.day, dayOf(now)))),
    db
      .update(watchMatches)
      .set({ mailedAt: now })
      .where(and(eq(watchMatches.userId, userId), isNull(watchMatches.mailedAt), inArray(watchMatches.watchId, mailed.length > 0 ? mailed : [""]))),
  ]);
  return "sent";
}
