// `npm run admin -- <command>`: the operator's admin command (apps/server/src/admin). Builds the
// server bundle first when it is missing or older than the server's sources, then runs it.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const bundle = join(root, "apps/server/dist/admin.js");
const sources = ["apps/server/src", "packages/contracts/src"].map((dir) => join(root, dir));

const newestSource = Math.max(
  ...sources.flatMap((dir) =>
    readdirSync(dir, { recursive: true })
      .filter((name) => !/\.test\.tsx?$/.test(name))
      .map((name) => statSync(join(dir, name)).mtimeMs),
  ),
);
if (!existsSync(bundle) || statSync(bundle).mtimeMs < newestSource) {
  const built = spawnSync("npm", ["run", "build", "-w", "@a2a-chat/server"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
await import(pathToFileURL(bundle).href);
