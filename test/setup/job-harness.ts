import { env } from "cloudflare:workers";
import { runDurableObjectAlarm } from "cloudflare:test";
import { expect, vi } from "vitest";
import { type SearchInput, SearchInputSchema } from "#app/lib/search-form";
import { CreationJob } from "#app/server/recommendations/creation-job.server";
import { recommendationState } from "#app/server/recommendations/recommendation-page.server";
import { startCreate, type StartResult } from "#app/server/recommendations/start-create.server";
import { type Services, servicesFor } from "#app/server/services.server";

/**
 * A create the way production runs it, minus the HTTP: the start step (checks, spend limits, job
 * row, the job's Durable Object) and then the job's alarm through `runDurableObjectAlarm`, with
 * the services a test chooses for each side (a fault goes into the job's). The outcome is read as
 * the page reads it (`recommendationState`), with the deployment's own storage.
 */

export type JobOutcome =
  { status: "created"; id: string } | { status: "failed"; id: string; message: string; failure: string | null } | Exclude<StartResult, { status: "started" }>;

/** The deployment's services: the ones a test starts from and overrides. */
export const baseServices = (): Services => servicesFor(env);

/** The form's fields, parsed as the create route parses them (once). */
export function formInput(fields: Record<string, string>): SearchInput {
  return SearchInputSchema.parse(fields);
}

export async function createThroughJob(
  userId: string,
  fields: Record<string, string>,
  services: { start?: Services; job?: Services; clientAddress?: string } = {},
): Promise<JobOutcome> {
  const start = services.start ?? baseServices();
  // In place before the start: the alarm is due at once and may fire before the test runs it.
  const replaced = vi.spyOn(CreationJob.prototype, "services").mockReturnValue(services.job ?? start);
  try {
    const started = await startCreate(start, { userId, input: formInput(fields), clientAddress: services.clientAddress ?? crypto.randomUUID() });
    if (started.status !== "started") return started;
    await runAlarm(userId, started.id);
    return await outcomeOf(userId, started.id);
  } finally {
    replaced.mockRestore();
  }
}

/** Runs a started job's work now (or waits for the run the runtime already began) until it ends. */
export async function runAlarm(userId: string, id: string): Promise<void> {
  if (await runDurableObjectAlarm(env.CREATION_JOB.get(env.CREATION_JOB.idFromName(id)))) return;
  await expect.poll(async () => (await recommendationState(userId, id, baseServices())).kind, { timeout: 20_000, interval: 100 }).not.toBe("pending");
}

/** The job's end as the page reads it. */
async function outcomeOf(userId: string, id: string): Promise<JobOutcome> {
  const state = await recommendationState(userId, id, baseServices());
  if (state.kind === "saved") return { status: "created", id };
  if (state.kind === "failed") {
    const failure = state.job.status === "failed" ? state.job.failure : ((await baseServices().creationJobs.progress(id, userId))?.failure ?? null);
    return { status: "failed", id, message: state.message, failure };
  }
  throw new Error(`the job ended neither saved nor failed: ${state.kind}`);
}
