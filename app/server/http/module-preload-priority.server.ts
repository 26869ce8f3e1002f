const MODULE_PRELOAD = '<link rel="modulepreload"';
const HEAD_END = new TextEncoder().encode("</head>");

function indexOfBytes(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  outer: for (let start = Math.max(0, from); start <= haystack.length - needle.length; start++) {
    for (let offset = 0; offset < needle.length; offset++) if (haystack[start + offset] !== needle[offset]) continue outer;
    return start;
  }
  return -1;
}

/**
 * Module preloads at `fetchpriority="low"`: pages are whole without JavaScript, so no script is
 * needed for the first paint, and high-priority scripts compete with the document on a slow phone
 * (Lighthouse counts those arriving before the first paint as blocking it). Only the head is rewritten.
 */
export function lowerModulePreloadPriority(): TransformStream<Uint8Array, Uint8Array> {
  let head = new Uint8Array(0);
  let done = false;
  const flushHead = (controller: TransformStreamDefaultController<Uint8Array>, end: number) => {
    done = true;
    const text = new TextDecoder().decode(head.subarray(0, end));
    controller.enqueue(new TextEncoder().encode(text.replaceAll(MODULE_PRELOAD, `${MODULE_PRELOAD} fetchpriority="low"`)));
    if (end < head.length) controller.enqueue(head.subarray(end));
    head = new Uint8Array(0);
  };
  return new TransformStream({
    transform(chunk, controller) {
      if (done) return controller.enqueue(chunk);
      const searchFrom = head.length - HEAD_END.length + 1;
      const joined = new Uint8Array(head.length + chunk.length);
      joined.set(head);
      joined.set(chunk, head.length);
      head = joined;
      const end = indexOfBytes(head, HEAD_END, searchFrom);
      if (end >= 0) flushHead(controller, end);
    },
    flush(controller) {
      // A response without a head (a fragment, an error text) is rewritten whole.
      if (!done) flushHead(controller, head.length);
    },
  });
}
