/** Result of one closed-loop load run. */
export interface LoadResult {
  requests: number;
  errors: number;
  perSecond: number;
}

/**
 * Keeps `concurrency` requests in flight against one URL on loopback for `durationMs`, then
 * reports completed requests per second. Bounded in time; stops by itself.
 */
export async function runLoad(options: {
  url: string;
  init: () => RequestInit;
  concurrency: number;
  durationMs: number;
  expectStatus: number;
}): Promise<LoadResult> {
  const deadline = performance.now() + options.durationMs;
  let requests = 0;
  let errors = 0;
  const started = performance.now();
  const worker = async () => {
    while (performance.now() < deadline) {
      try {
        const res = await fetch(options.url, options.init());
        await res.arrayBuffer();
        if (res.status === options.expectStatus) requests++;
        else errors++;
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  return { requests, errors, perSecond: requests / seconds };
}
