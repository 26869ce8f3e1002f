import type { TestProject } from "vitest/node";
import { startFakeClerkBackend } from "../fakes/clerk-backend";

declare module "vitest" {
  export interface ProvidedContext {
    fakeClerkUrl: string;
  }
}

/** Starts the fake Clerk Backend API in Node for the workerd project; tests reach it at `inject("fakeClerkUrl")` (the auth config's apiUrl). */
export default async function setup(project: TestProject) {
  const fake = await startFakeClerkBackend();
  project.provide("fakeClerkUrl", fake.url);
  return async () => {
    await fake.close();
  };
}
