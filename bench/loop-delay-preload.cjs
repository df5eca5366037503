// Preloaded into the server by bench `body-cost`: on SIGUSR2 it prints the longest event-loop
// delay seen since the previous SIGUSR2 (or the start) as `loop-delay-max-ms <n>` on stderr, and
// starts a new window.
const { monitorEventLoopDelay } = require("node:perf_hooks");

const histogram = monitorEventLoopDelay({ resolution: 5 });
histogram.enable();
process.on("SIGUSR2", () => {
  process.stderr.write(`loop-delay-max-ms ${(histogram.max / 1e6).toFixed(1)}\n`);
  histogram.reset();
});
