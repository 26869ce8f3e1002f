// Workers queue a seventh connection waiting for headers silently (wrangler dev does not queue), so a
// timeout started before fetch() would tick while queued: queuing here starts it when the call is sent.
// One instance per request, shared by the OpenAI engine and Blocket so both count the same six.
export type Slots = {
  /** `release` frees the slot early (idempotent); a waiting task whose signal aborts never runs. */
  run<T>(task: (release: () => void) => Promise<T>, signal?: AbortSignal): Promise<T>;
  readonly active: number;
  readonly peak: number;
};

export function createSlots(max: number): Slots {
  if (!Number.isInteger(max) || max < 1) throw new Error(`createSlots needs a positive integer, got ${max}`);
  let active = 0;
  let peak = 0;
  const waiting: { start: () => void }[] = [];

  const release = () => {
    const next = waiting.shift();
    // Hand the slot straight to the next waiter, so a new caller cannot slip in between.
    if (next) next.start();
    else active--;
  };

  const acquire = (signal: AbortSignal | undefined) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      if (active < max) {
        active++;
        peak = Math.max(peak, active);
        return resolve();
      }
      const onAbort = () => {
        const index = waiting.indexOf(entry);
        if (index !== -1) waiting.splice(index, 1);
        reject(signal?.reason);
      };
      const entry = {
        start: () => {
          signal?.removeEventListener("abort", onAbort);
          peak = Math.max(peak, active);
          resolve();
        },
      };
      waiting.push(entry);
      signal?.addEventListener("abort", onAbort, { once: true });
    });

  return {
    async run(task, signal) {
      await acquire(signal);
      let held = true;
      const giveBack = () => {
        if (!held) return;
        held = false;
        release();
      };
      try {
        return await task(giveBack);
      } finally {
        giveBack();
      }
    },
    get active() {
      return active;
    },
    get peak() {
      return peak;
    },
  };
}
