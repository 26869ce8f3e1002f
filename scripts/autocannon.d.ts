// The part of autocannon's API the scripts use (the package ships no types).
declare module "autocannon" {
  type Histogram = { average: number; p50: number; p90: number; p97_5: number; p99: number; max: number };
  export type Result = { requests: Histogram; latency: Histogram; errors: number; non2xx: number; timeouts: number };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    headers?: Record<string, string>;
    requests?: { method?: string; path: string; headers?: Record<string, string> }[];
  };
  export default function autocannon(options: Options): Promise<Result>;
}
