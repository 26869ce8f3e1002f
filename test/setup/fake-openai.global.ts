import type { TestProject } from "vitest/node";
import { startFakeOpenAI } from "../fakes/openai";

declare module "vitest" {
  export interface ProvidedContext {
    fakeOpenAIUrl: string;
  }
}

/**
 * Starts the fake OpenAI server in Node for a project (unit or workers); tests, in Node or workerd, reach it
 * over HTTP at the URL handed to them with `inject("fakeOpenAIUrl")`. Timing is scaled far down
 * (20 ms to first token, 20 000 tokens/s) so behaviour tests stay fast; the benchmark uses
 * realistic figures.
 */
export default async function setup(project: TestProject) {
  const fake = await startFakeOpenAI({ ttftMs: 20, tokensPerSecond: 20_000, slowMs: 10_000, retryAfterSeconds: 1 });
  project.provide("fakeOpenAIUrl", fake.url);
  return async () => {
    await fake.close();
  };
}
