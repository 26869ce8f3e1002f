// The part of autocannon's API the scripts use (the package ships no types).
declare module "autocannon" {
  type Histogram = { average: number; p50: number; p90: number; p97_5: number; p99: number; max: number };
  export type Result = { requests: Histogram; latency: Histogram; errors: number; non2xx: number; timeouts: number };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    /** Seconds before a request counts as a timeout (default 10). */
    timeout?: number;
    headers?: Record<string, string>;
    requests?: { method?: string; path: string; headers?: Record<string, string> }[];
  };
  /** Without a callback the instance is also a promise of the result. */
  export type Instance = PromiseLike<Result> & {
    on(event: "response", listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): Instance;
    stop(): void;
  };
  export default function autocannon(options: Options): Instance;
}
