import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

let cached: string | undefined;

/**
 * The official MCP Apps SDK's view side (`App`, from @modelcontextprotocol/ext-apps's
 * self-contained `app-with-deps` bundle) as a classic script that sets `globalThis.McpApps`, for
 * our own apps' single HTML files: an app's policy allows inline script only, so the SDK travels
 * inside the page. The bundle is an ES module whose only module syntax is its final export list,
 * which becomes the global's properties.
 */
export function appSdkScript(): string {
  if (cached !== undefined) return cached;
  const main = require.resolve("@modelcontextprotocol/ext-apps");
  const bundle = readFileSync(join(dirname(main), "app-with-deps.js"), "utf8");
  const exportList = /export\s*\{([^}]*)\};?\s*$/.exec(bundle);
  if (!exportList?.[1]) throw new Error("ext-apps app-with-deps.js has no final export list");
  const pairs = exportList[1].split(",").map((entry) => {
    const [local, exported] = entry.trim().split(/\s+as\s+/);
    return `${JSON.stringify(exported ?? local)}:${local}`;
  });
  const body = bundle.slice(0, exportList.index);
  // Nothing in the bundle may close the inline script early.
  cached = `(()=>{${body}\nglobalThis.McpApps={${pairs.join(",")}};})();`.replace(
    /<\/script/gi,
    "<\\/script",
  );
  return cached;
}
