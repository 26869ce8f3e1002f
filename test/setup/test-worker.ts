// The pool's entry: the real Worker entry imports React Router's build, which only exists under
// the React Router Vite plugin, so tests use this entry exporting the same Durable Object.
export { RateLimiter } from "#app/server/rate-limit/rate-limiter.server";
export { CreationJob } from "#app/server/recommendations/creation-job.server";

export default {
  fetch() {
    return new Response("Drömbil test worker", { status: 404 });
  },
} satisfies ExportedHandler<Env>;
