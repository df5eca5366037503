// Bundles the server and the workspace contracts into dist/main.js, the admin command into
// dist/admin.js and the backup command into dist/backup.js. Most npm dependencies stay external
// and load from node_modules (better-sqlite3 is native and cannot be bundled); the ones in
// `bundled` are compiled in (see below).
import { readFileSync, writeFileSync } from "node:fs";
import { build } from "esbuild";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));
/**
 * Where the bundles go: dist/ by default; BUILD_OUTDIR names another folder beside it (the server
 * tests build their own copy of the source there, test/global-setup.ts). It must stay a folder of
 * apps/server: the bundle finds the web build and node_modules relative to itself.
 */
const outdir = new URL(`./${process.env.BUILD_OUTDIR ?? "dist"}/`, import.meta.url);

/**
 * Pure-JavaScript dependencies that only this server imports (no other dependency imports them,
 * so no second copy is ever loaded from node_modules) and that every start needs. Compiled into
 * the bundle, only the parts the server uses are kept, and Node loads one file instead of their
 * hundreds of modules (kysely alone is 262): idle RSS ~20 MB lower and start-up faster
 * (docs/benchmarks/notes/idle-memory.md). jose stays external: @a2a-js/sdk/server imports it.
 */
const bundled = ["kysely", "yaml", "hono", "@hono/node-server", "ipaddr.js", "isbot"];

await build({
  entryPoints: {
    main: new URL("./src/main.ts", import.meta.url).pathname,
    admin: new URL("./src/admin/admin-main.ts", import.meta.url).pathname,
    backup: new URL("./src/backup/backup-main.ts", import.meta.url).pathname,
  },
  outdir: outdir.pathname,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  external: Object.keys(pkg.dependencies ?? {}).filter((name) => !bundled.includes(name)),
  // Bundled CommonJS (yaml's Node build) require()s Node built-ins: give the ES module a require.
  banner: {
    js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
  },
  // Non-ASCII characters (the "…" and "—" of messages and comments) written as escapes: V8 keeps a
  // script that is all Latin-1 as one byte per character, any other as two (a 4 MB bundle's
  // source held twice as large).
  charset: "ascii",
  logLevel: "warning",
});

// What non-ASCII is left is in the comments esbuild keeps (strings, templates and regular
// expressions were escaped above): each UTF-16 unit becomes "?", so lines and columns, and the
// source map, stay as they are.
for (const name of ["main", "admin", "backup"]) {
  const file = new URL(`${name}.js`, outdir);
  const text = readFileSync(file, "utf8");
  const ascii = text.replace(/[\u0080-\uffff]/g, "?");
  if (ascii !== text) writeFileSync(file, ascii);
}
