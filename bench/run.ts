import { agentsBench } from "./agents.js";
import { bodyCostBench } from "./body-cost.js";
import { capacityBench } from "./capacity.js";
import { capacityBusyBench } from "./capacity-busy.js";
import { idleMemory } from "./idle-memory.js";
import { proxyBench } from "./proxy.js";
import { requestPathBench } from "./request-path.js";
import { searchBench } from "./search.js";
import { soakBench } from "./soak.js";
import { streamBench } from "./stream.js";
import { tokenThroughput } from "./tokens.js";
import { webChatBench } from "./web-chat.js";
import { webFormsBench } from "./web-forms.js";
import { webViewersBench } from "./web-viewers.js";
import { websiteBench } from "./website.js";

/** Every benchmark, in order; each writes its own section of docs/benchmarks.md. */
const benchmarks: Record<string, () => Promise<void>> = {
  "idle-memory": idleMemory,
  tokens: tokenThroughput,
  "request-path": requestPathBench,
  "body-cost": bodyCostBench,
  stream: streamBench,
  agents: agentsBench,
  capacity: capacityBench,
  "capacity-busy": capacityBusyBench,
  proxy: proxyBench,
  "web-chat": webChatBench,
  "web-viewers": webViewersBench,
  "web-forms": webFormsBench,
  website: websiteBench,
  search: searchBench,
};
/** Run only when named (`npm run bench -- soak`): they take an hour. */
const onlyWhenNamed: Record<string, () => Promise<void>> = { soak: soakBench };

const only = process.argv.slice(2);
for (const [name, run] of Object.entries(benchmarks)) {
  if (only.length > 0 && !only.includes(name)) continue;
  await run();
}
for (const [name, run] of Object.entries(onlyWhenNamed)) {
  if (only.includes(name)) await run();
}
