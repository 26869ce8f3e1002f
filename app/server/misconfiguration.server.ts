import { MISCONFIGURED_COPY } from "#app/lib/failure-copy";

/** Plain HTML: nothing of the app may run on an unsafe deployment, so React Router is not involved. */
export function misconfiguredResponse(): Response {
  const html = `<!doctype html>
<html lang="sv"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${MISCONFIGURED_COPY.title} | Drömbil</title><meta name="robots" content="noindex"></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem; color: #1c1917">
<h1>${MISCONFIGURED_COPY.heading}</h1>
<p>${MISCONFIGURED_COPY.body}</p>
</body></html>`;
  return new Response(html, {
    status: 500,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}
