// Bundles the server and the workspace contracts into dist/main.js, the admin command into
// dist/admin.js and the backup command into dist/backup.js; npm dependencies stay external and
// load from node_modules (better-sqlite3 is native and cannot be bundled).
import { readFileSync } from "node:fs";
import { build } from "esbuild";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));

await build({
  entryPoints: {
    main: new URL("./src/main.ts", import.meta.url).pathname,
    admin: new URL("./src/admin/admin-main.ts", import.meta.url).pathname,
    backup: new URL("./src/backup/backup-main.ts", import.meta.url).pathname,
  },
  outdir: new URL("./dist", import.meta.url).pathname,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  external: Object.keys(pkg.dependencies ?? {}),
  logLevel: "warning",
});
