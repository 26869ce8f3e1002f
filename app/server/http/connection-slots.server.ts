/**
 * At most `max` upstream calls of one request holding a connection slot; the rest wait in call
 * order.
 *
 * Why this exists: a Worker invocation may have six outgoing connections waiting for response
 * headers at once (since 2026-04-09 a connection stops
 * counting once its headers arrive). The runtime queues a seventh silently, so a timeout started
 * before `fetch()` ticks while the call is only queued, and `wrangler dev` does not queue at all,
 * which made local figures optimistic. Queuing here instead keeps the wait visible: a call starts
 * its timeout only once it holds a slot, i.e. when it is really sent. A task may give its slot
 * back early (when its response headers arrive) by calling the `release` it is handed.
 *
 * One instance per user request (the cap is per invocation, not per isolate). Shared by the OpenAI
 * engine (docs/decisions/006) and the Blocket marketplace, so both count the same six.
 */
export type Slots = {
  /**
   * Runs `task` once a slot is free and frees the slot when it settles, or earlier when the task
   * calls `release` (idempotent). If `signal` aborts while the task is still waiting, it is
   * dropped without running and the promise rejects with the signal's reason.
   */
  run<T>(task: (release: () => void) => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Slots held now. */
  readonly active: number;
  /** The most slots ever held at once (tests and the benchmark read it). */
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
