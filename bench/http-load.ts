import autocannon from "autocannon";

/** Result of one closed-loop load run. */
export interface LoadResult {
  requests: number;
  errors: number;
  perSecond: number;
  /** 99th percentile latency in milliseconds. */
  p99Ms: number;
}

/**
 * Keeps `concurrency` connections busy against one URL on loopback for `durationMs` with
 * autocannon, then reports completed requests per second. Bounded in time; stops by itself.
 */
export async function runLoad(options: {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  concurrency: number;
  durationMs: number;
}): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    method: options.method ?? "GET",
    headers: options.headers ?? {},
    connections: options.concurrency,
    duration: options.durationMs / 1000,
  });
  const ok = result["2xx"];
  return {
    requests: ok,
    errors: result.errors + result.timeouts + result.non2xx,
    perSecond: ok / (options.durationMs / 1000),
    p99Ms: result.latency.p99,
  };
}
