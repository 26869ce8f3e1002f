import { desc, eq } from "drizzle-orm";
import type { OutgoingMail } from "#app/lib/outgoing-mail";
import { devOutbox } from "#drizzle/schema";
import type { Database } from "#app/server/db/client.server";
import { newWatchId } from "./watch-store.server";

/** Where a digest goes: Email Service in production, the outbox table in development; null when neither may send. */
export type Mailer = { kind: "email-service" | "outbox"; send(userId: string, mail: OutgoingMail): Promise<void> };

export function mailerFor(deps: { appEnv: { APP_ENV: string }; email: SendEmail | undefined; db: Database }): Mailer | null {
  const { email, db } = deps;
  if (email) {
    return {
      kind: "email-service",
      async send(_userId, mail) {
        await email.send({ to: mail.to, from: mail.from, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
      },
    };
  }
  // Never in production: there a missing binding is a deployment mistake, and the log says so.
  if (deps.appEnv.APP_ENV === "production") return null;
  return {
    kind: "outbox",
    async send(userId, mail) {
      await db.insert(devOutbox).values({ id: newWatchId(), userId, createdAt: new Date(), message: mail }).run();
    },
  };
}

/** The owner's outbox, newest first (development only; the route refuses production). */
export async function listOutboxForUser(userId: string, db: Database) {
  return db.select().from(devOutbox).where(eq(devOutbox.userId, userId)).orderBy(desc(devOutbox.createdAt)).limit(20).all();
}
