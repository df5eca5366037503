// `npm start`: builds the web app and server when the build is missing or older than the sources,
// then runs the built server in this same process.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const outputs = ["apps/web/dist/index.html", "apps/server/dist/main.js"].map((p) => join(root, p));
const sources = [
  "package-lock.json",
  "packages/contracts/src",
  "apps/server/src",
  "apps/server/build.mjs",
  "apps/web/src",
  "apps/web/public",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "apps/web/vite.site.config.ts",
  "apps/web/site-build",
  // The website is prerendered from the docs and the config's contact details; its origin is not
  // built in (the server puts PUBLIC_URL's in when it serves the pages), so no rebuild for that.
  "docs",
  process.env.CONFIG ?? "config/default.yaml",
].map((p) => resolve(root, p));

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

function buildIsCurrent() {
  if (!outputs.every((file) => existsSync(file))) return false;
  const built = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  return Math.max(...sources.map(newestMtime)) <= built;
}

if (!buildIsCurrent()) {
  console.log(
    "Building the web app and server (first start or sources changed); this takes a minute or two...",
  );
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(pathToFileURL(join(root, "apps/server/dist/main.js")).href);
