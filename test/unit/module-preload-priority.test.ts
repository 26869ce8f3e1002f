import { describe, expect, it } from "vitest";
import { lowerModulePreloadPriority } from "#app/server/http/module-preload-priority.server";

/** Streams `parts` (split anywhere, even inside a tag or a multi-byte character) through the transform. */
async function run(parts: Uint8Array[]): Promise<string> {
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
  return new Response(source.pipeThrough(lowerModulePreloadPriority())).text();
}

const split = (text: string, size: number) => {
  const bytes = new TextEncoder().encode(text);
  const parts: Uint8Array[] = [];
  for (let index = 0; index < bytes.length; index += size) parts.push(bytes.slice(index, index + size));
  return parts;
};

const page =
  '<!DOCTYPE html><html lang="sv"><head><title>Drömbil – å ä ö</title><link rel="modulepreload" href="/assets/a.js"/>' +
  '<link rel="modulepreload" href="/assets/b.js" nonce="n"/><link rel="icon" href="/icon.svg"/></head>' +
  '<body><p>Text om <code>&lt;link rel="modulepreload"</code> i brödtexten lämnas orörd.</p><link rel="modulepreload" href="/late.js"/></body></html>';

describe("module preloads at low priority", () => {
  it("marks every module preload in the head low priority, however the stream is cut, and leaves the body alone", async () => {
    const expected = page
      .replace('<link rel="modulepreload" href="/assets/a.js"/>', '<link rel="modulepreload" fetchpriority="low" href="/assets/a.js"/>')
      .replace('<link rel="modulepreload" href="/assets/b.js"', '<link rel="modulepreload" fetchpriority="low" href="/assets/b.js"');
    for (const size of [1, 3, 7, 64, 100_000]) expect(await run(split(page, size))).toBe(expected);
  });

  it("passes a document without a head through whole", async () => {
    const fragment = '<p>ingen head här, <link rel="modulepreload" href="/x.js"/> ändå å ä ö</p>';
    expect(await run(split(fragment, 5))).toBe(fragment.replace('modulepreload"', 'modulepreload" fetchpriority="low"'));
  });
});
