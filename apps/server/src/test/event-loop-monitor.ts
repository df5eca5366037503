/**
 * Watches the event loop while code runs and reports the longest time it was blocked.
 *
 * A timer ticks every few milliseconds; a late tick means the loop was busy or the process was not
 * scheduled at all (likely on a loaded 2-core CI machine). Only the first is the code's fault, and
 * only the first burns this process's CPU, so a gap counts as blocked for no longer than the CPU
 * time the process used during it.
 */
export interface EventLoopWatch {
  /** Stops watching; the longest block seen, in milliseconds. */
  stop(): number;
}

const tickMs = 2;

export function watchEventLoop(): EventLoopWatch {
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    const cpu = process.cpuUsage(lastCpu);
    const gap = now - last - tickMs;
    const cpuMs = (cpu.user + cpu.system) / 1000;
    longest = Math.max(longest, Math.min(gap, cpuMs));
    last = now;
    lastCpu = process.cpuUsage();
  }, tickMs);
  return {
    stop() {
      clearInterval(timer);
      return longest;
    },
  };
}
