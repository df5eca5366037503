import { execFile } from "node:child_process";

/**
 * Samples how many connections wait in the kernel for the server to accept them (the listening
 * socket's Recv-Q, read with `ss`; Linux only). Node 20's libuv accepts one connection per
 * event-loop turn, so while the process is saturated this queue grows and every new
 * connection's first request waits behind it, whatever the request.
 */
export function sampleListenQueue(
  port: number,
  everyMs = 250,
): { stop(): Promise<{ peak: number; samples: number }> } {
  let peak = 0;
  let samples = 0;
  let pending: Promise<void> = Promise.resolve();
  const once = () =>
    new Promise<void>((resolve) => {
      execFile("ss", ["-ltnH", `sport = :${port}`], (error, stdout) => {
        const queued = error ? Number.NaN : Number(stdout.trim().split(/\s+/)[1]);
        if (Number.isFinite(queued)) {
          samples += 1;
          peak = Math.max(peak, queued);
        }
        resolve();
      });
    });
  const timer = setInterval(() => {
    pending = pending.then(once);
  }, everyMs);
  return {
    stop: async () => {
      clearInterval(timer);
      await pending;
      return { peak, samples };
    },
  };
}
