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
  | { status: "created"; id: string }
  | { status: "failed"; id: string; message: string; failure: string | null }
  | Exclude<StartResult, { status: "started" }>;

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
  const started = await startCreate(start, { userId, input: formInput(fields), clientAddress: services.clientAddress ?? crypto.randomUUID() });
  if (started.status !== "started") return started;
  return runJob(userId, started.id, services.job ?? start);
}

/**
 * Runs the job's alarm with `jobServices` in place of the ones it would build from its env. Only
 * this job's object gets them: other jobs' alarms may fire meanwhile and keep their own.
 */
export async function runJob(userId: string, id: string, jobServices: Services): Promise<JobOutcome> {
  const objectId = env.CREATION_JOB.idFromName(id);
  const replaced = vi.spyOn(CreationJob.prototype, "services").mockImplementation(function (this: CreationJob) {
    const own = this as unknown as { ctx: DurableObjectState; env: Env };
    return own.ctx.id.equals(objectId) ? jobServices : servicesFor(own.env);
  });
  try {
    expect(await runDurableObjectAlarm(env.CREATION_JOB.get(objectId))).toBe(true);
  } finally {
    replaced.mockRestore();
  }
  const state = await recommendationState(userId, id, baseServices());
  if (state.kind === "saved") return { status: "created", id };
  if (state.kind === "failed") {
    const failure = state.job.status === "failed" ? state.job.failure : ((await baseServices().creationJobs.progress(id, userId))?.failure ?? null);
    return { status: "failed", id, message: state.message, failure };
  }
  throw new Error(`the job ended neither saved nor failed: ${state.kind}`);
}
