// Preloaded into the server by bench `proxy` (BENCH_HEAP_SAMPLE=<file>): the first SIGUSR2
// starts V8's sampling heap profiler, counting objects the young and old collections freed as
// well as those kept (every allocation, sampled every 256 bytes on average); the second writes
// the profile to the file and stops.
const inspector = require("node:inspector");
const fs = require("node:fs");

const out = process.env.BENCH_HEAP_SAMPLE_OUT;
const session = new inspector.Session();
session.connect();
let sampling = false;
process.on("SIGUSR2", () => {
  if (!sampling) {
    sampling = true;
    session.post("HeapProfiler.startSampling", {
      samplingInterval: 256,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    return;
  }
  sampling = false;
  session.post("HeapProfiler.stopSampling", (error, result) => {
    if (error) console.error(error);
    else if (out) {
      // Whole or not at all: the bench waits for the file to appear.
      fs.writeFileSync(`${out}.part`, JSON.stringify(result.profile));
      fs.renameSync(`${out}.part`, out);
    }
  });
});
