// `npm run admin -- <command>`: the operator's admin command (apps/server/src/admin), from the
// server bundle (built first when stale).
import { runBundled } from "./run-bundled.mjs";

await runBundled("admin");
