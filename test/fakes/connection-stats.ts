/**
 * How the fakes model Workers' connection cap: per test key, a request counts as waiting from its
 * arrival until its response headers are written, and as open until its last byte is written or
 * the client hangs up. Shared by the fake OpenAI and the fake Blocket. Plain Node.
 */
import type { ServerResponse } from "node:http";

export type ConnectionStats = {
  /** Requests of the key waiting for response headers now, and the most at once. */
  waiting: number;
  peakWaiting: number;
  /** Requests of the key open at all now (until the body ends or the client hangs up), and the most at once. */
  open: number;
  peakOpen: number;
  capRejected: number;
};

/** Stats per test key, created on first use. */
export function connectionStatsByKey(): (key: string) => ConnectionStats {
  const byKey = new Map<string, ConnectionStats>();
  return (key) => {
    let stats = byKey.get(key);
    if (!stats) {
      stats = { waiting: 0, peakWaiting: 0, open: 0, peakOpen: 0, capRejected: 0 };
      byKey.set(key, stats);
    }
    return stats;
  };
}

/** Counts this response as open and waiting; `writeHead` is wrapped so every answer path counts out. */
export function countConnection(res: ServerResponse, stats: ConnectionStats): void {
  stats.open += 1;
  stats.waiting += 1;
  stats.peakOpen = Math.max(stats.peakOpen, stats.open);
  stats.peakWaiting = Math.max(stats.peakWaiting, stats.waiting);
  let waiting = true;
  const headersSent = () => {
    if (!waiting) return;
    waiting = false;
    stats.waiting -= 1;
  };
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    headersSent();
    return writeHead(...args);
  }) as typeof res.writeHead;
  // Open ends when the last byte is written ("finish") or the client hangs up ("close"), whichever
  // comes first: a client reads the end of a body before the server's "close" fires, so counting
  // to "close" alone let a client's next call overlap the one it had already finished.
  let open = true;
  const ended = () => {
    headersSent();
    if (!open) return;
    open = false;
    stats.open -= 1;
  };
  res.once("finish", ended);
  res.once("close", ended);
}
