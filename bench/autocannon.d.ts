// The few autocannon 9 options and result fields bench/run.ts uses (the package ships no types).
declare module "autocannon" {
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    workers?: number;
    headers?: Record<string, string>;
    method?: string;
  };
  export type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  };
  export type Result = {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    /** Answers per status code, e.g. `{ "302": { count: 1200 } }`. */
    statusCodeStats?: Record<string, { count: number }>;
    duration: number;
  };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
