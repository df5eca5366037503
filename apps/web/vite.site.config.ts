import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * The website's script and stylesheet, built apart from the chat so that a website page loads
 * none of the chat's code. Written into dist/assets next to the chat's files (dist is not
 * emptied); site-build/main.ts reads the manifest and links them into every page.
 */
export default defineConfig({
  plugins: [tailwindcss()],
  publicDir: false,
  build: {
    outDir: "dist",
    emptyOutDir: false,
    manifest: "site-manifest.json",
    sourcemap: true,
    rollupOptions: {
      input: { site: "src/site/client/site.ts" },
      output: {
        entryFileNames: "assets/site-[hash].js",
        assetFileNames: "assets/site-[hash][extname]",
      },
    },
  },
});
