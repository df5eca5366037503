// `npm run backup -- <file>`: an online copy of the SQLite database (apps/server/src/backup),
// from the server bundle (built first when stale).
import { runBundled } from "./run-bundled.mjs";

await runBundled("backup");
