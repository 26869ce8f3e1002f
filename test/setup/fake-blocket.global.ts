import type { TestProject } from "vitest/node";
import { startFakeBlocket } from "../fakes/blocket";

declare module "vitest" {
  export interface ProvidedContext {
    fakeBlocketUrl: string;
  }
}

/**
 * Starts the fake Blocket in Node for a project (unit or workers); tests, in Node or workerd, reach it over
 * HTTP at `inject("fakeBlocketUrl")` (plus a `/__mode/<mode>/<key>` prefix). No added latency, a
 * 1 s Retry-After and a "slow" mode far past the adapter's timeout keep behaviour tests fast.
 */
export default async function setup(project: TestProject) {
  const fake = await startFakeBlocket({ delayMs: 0, slowMs: 10_000, retryAfterSeconds: 1 });
  project.provide("fakeBlocketUrl", fake.url);
  return async () => {
    await fake.close();
  };
}
