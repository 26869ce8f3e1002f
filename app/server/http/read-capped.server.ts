/**
 * Reads at most `limit` bytes of a body; null when it is longer (then the stream is cancelled at
 * once, so an endless or huge body costs no more than `limit`). Content-Length alone is not
 * trusted: it may be missing or wrong. Used by the image proxy and the form-body check.
 */
export async function readCapped(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!body) return new Uint8Array(new ArrayBuffer(0));
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(new ArrayBuffer(size));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * Reads and drops a body we are refusing, up to `limit` bytes, then cancels the rest. Answering
 * before the client finished sending can break the connection for the request after it (the
 * local dev server then answers that one with a 500); a moderately oversized body is therefore
 * read to the end, while a huge one is still cut off.
 */
export async function discardBody(body: ReadableStream<Uint8Array> | null, limit: number): Promise<void> {
  if (!body) return;
  const reader = body.getReader();
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // A client that went away has nothing left to drain.
  }
}
