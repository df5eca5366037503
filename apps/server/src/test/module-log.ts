import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A module resolve hook for a server process: registered before the server starts (pass
 * `nodeArgs` to startServerProcess, `env` into its environment), it appends every module the
 * process resolves to a log file that `loaded()` reads at any moment. CommonJS required from
 * CommonJS is not seen (Node 20's resolve hook covers ES module imports).
 */
export interface ModuleLog {
  nodeArgs: string[];
  env: Record<string, string>;
  /** Every module URL resolved so far, one a line. */
  loaded(): string;
  remove(): void;
}

export function moduleLog(): ModuleLog {
  const dir = mkdtempSync(join(tmpdir(), "a2a-chat-modules-"));
  const hooks = join(dir, "hooks.mjs");
  writeFileSync(
    hooks,
    `import { appendFileSync } from "node:fs";
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(process.env.MODULE_LOG, resolved.url + "\\n");
  return resolved;
}
`,
  );
  const preload = join(dir, "preload.mjs");
  writeFileSync(
    preload,
    `import { register } from "node:module";
import { pathToFileURL } from "node:url";
register(pathToFileURL(${JSON.stringify(hooks)}).href);
`,
  );
  const log = join(dir, "modules.log");
  writeFileSync(log, "");
  return {
    nodeArgs: ["--import", preload],
    env: { MODULE_LOG: log },
    loaded: () => readFileSync(log, "utf8"),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
