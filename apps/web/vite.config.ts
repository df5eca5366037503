import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { writeCompressedCopies } from "./site-build/compress.js";

const apiTarget = process.env.API_URL ?? "http://127.0.0.1:8080";

/** Writes .br and .gz beside each text asset so the server can send them without compressing per request. */
function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "a2a-chat:precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      await writeCompressedCopies(walk(outDir));
    },
  };
}

/**
 * The MCP SDK's client imports its Ajv validator for a default it never needs here; the stub in
 * src/tools/no-ajv-validator.ts takes its place in the bundle (CSP-safe and ~40 KB gzip lighter).
 */
function withoutAjv(): Plugin {
  const stub = fileURLToPath(new URL("./src/tools/no-ajv-validator.ts", import.meta.url));
  return {
    name: "a2a-chat:mcp-without-ajv",
    enforce: "pre",
    resolveId(source, importer) {
      const fromSdk = importer?.includes("@modelcontextprotocol/sdk") ?? false;
      return fromSdk && source.endsWith("validation/ajv-provider.js") ? stub : null;
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress(), withoutAjv()],
  server: {
    port: 5173,
    proxy: {
      "/api": { target: apiTarget, changeOrigin: false },
      "/.well-known": { target: apiTarget, changeOrigin: false },
    },
  },
  // The agent worker (src/chat/engine/worker) is started as a module worker; it lists MCP tools
  // too, so it needs the same Ajv stub.
  worker: { format: "es", plugins: () => [withoutAjv()] },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
  },
});
