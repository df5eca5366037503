import { agentsBench } from "./agents.js";
import { idleMemory } from "./idle-memory.js";
import { streamBench } from "./stream.js";
import { tokenThroughput } from "./tokens.js";

/** Every benchmark, in order; each writes its own section of docs/benchmarks.md. */
const benchmarks: Record<string, () => Promise<void>> = {
  "idle-memory": idleMemory,
  tokens: tokenThroughput,
  stream: streamBench,
  agents: agentsBench,
};

const only = process.argv.slice(2);
for (const [name, run] of Object.entries(benchmarks)) {
  if (only.length > 0 && !only.includes(name)) continue;
  await run();
}
