// The pool's entry: the real Worker entry imports React Router's build, which only exists under
// the React Router Vite plugin, so tests use this entry exporting the same Durable Object.
export { RateLimiter } from "#app/server/rate-limit/rate-limiter.server";
export { CreationJob } from "#app/server/recommendations/creation-job.server";

import { servicesFor } from "#app/server/services.server";
import { handleWatchBatch } from "#app/server/watches/watch-jobs.server";

export default {
  fetch() {
    return new Response("Drömbil test worker", { status: 404 });
  },
  // The queue of wrangler.toml delivers here in tests, as in the real Worker.
  async queue(batch, env) {
    await handleWatchBatch(batch.messages, servicesFor(env), new Date());
  },
} satisfies ExportedHandler<Env>;
