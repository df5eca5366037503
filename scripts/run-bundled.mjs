// Runs one of the server's bundled commands (apps/server/dist/<name>.js), building the server
// bundle first when it is missing or older than the server's sources.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const sources = ["apps/server/src", "packages/contracts/src"].map((dir) => join(root, dir));

export async function runBundled(name) {
  const bundle = join(root, `apps/server/dist/${name}.js`);
  const newestSource = Math.max(
    ...sources.flatMap((dir) =>
      readdirSync(dir, { recursive: true })
        .filter((file) => !/\.test\.tsx?$/.test(file))
        .map((file) => statSync(join(dir, file)).mtimeMs),
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
}
