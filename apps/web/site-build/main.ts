// Prerenders the website into apps/web/dist after the two Vite builds (`npm run build`): every
// page as complete HTML, the markdown of every documentation page, /sitemap.xml, /robots.txt and
// /llms.txt; then checks them and fails the build on any problem.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildSite, docsDirOf } from "./build-site.js";
import { writeCompressedCopies } from "./compress.js";
import { siteSettingsFromConfig } from "./settings.js";

const webDir = fileURLToPath(new URL("..", import.meta.url));
const repoRoot = join(webDir, "..", "..");
const dist = join(webDir, "dist");

/** File a site path is written to: `/` → index.html, `/a/b` → a/b/index.html, `/404` → 404.html. */
export function fileFor(path: string): string {
  if (path === "/") return "index.html";
  if (/^\/\d{3}$/.test(path)) return `${path.slice(1)}.html`;
  if (/\.(md|txt|xml)$/.test(path)) return path.slice(1);
  return `${path.slice(1)}/index.html`;
}

function siteAssets(): { css: string[]; js: string[]; inlineCss?: string } {
  const manifestPath = join(dist, "site-manifest.json");
  if (!existsSync(manifestPath))
    throw new Error("dist/site-manifest.json is missing: run the website's Vite build first");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Record<
    string,
    { file: string; css?: string[]; isEntry?: boolean }
  >;
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error("dist/site-manifest.json has no entry");
  const css = (entry.css ?? []).map((file) => `/${file}`);
  // Inlined in every page (see Document.tsx); a stylesheet that closed its own tag could not be.
  const inlineCss = css.map((file) => readFileSync(join(dist, file), "utf8")).join("\n");
  return {
    js: [`/${entry.file}`],
    css,
    ...(inlineCss && !/<\/style/i.test(inlineCss) ? { inlineCss } : {}),
  };
}

/** The chat's HTML shell moves to app.html: index.html becomes the website's home page. */
function moveAppShell(): void {
  const index = join(dist, "index.html");
  if (!existsSync(index) || !readFileSync(index, "utf8").includes('<div id="root">')) return;
  for (const suffix of ["", ".gz", ".br"]) {
    if (existsSync(index + suffix)) renameSync(index + suffix, join(dist, `app.html${suffix}`));
  }
}

async function build(): Promise<void> {
  const assets = siteAssets();
  const site = siteSettingsFromConfig(assets, process.env, repoRoot);
  const imagesDir = join(webDir, "public", "images");
  // Pictures the documentation shows (docs/*.md link them as /images/<file>).
  const images = existsSync(imagesDir) ? readdirSync(imagesDir).map((f) => `/images/${f}`) : [];
  const publicFiles = ["/favicon.svg", "/og-image.png", ...images].filter((path) =>
    existsSync(join(webDir, "public", path)),
  );
  const { docs, pages, outputs, problems } = await buildSite(
    site,
    docsDirOf(repoRoot),
    publicFiles,
  );
  if (problems.length > 0) {
    console.error(`The website has ${problems.length} problem(s):\n- ${problems.join("\n- ")}`);
    process.exit(1);
  }

  moveAppShell();
  for (const output of outputs) {
    const file = join(dist, fileFor(output.path));
    mkdirSync(dirname(file), { recursive: true });
    // Not precompressed: the server sends these with the origin put in, compressed once.
    writeFileSync(file, output.body);
  }
  await writeCompressedCopies([...assets.css, ...assets.js].map((asset) => join(dist, asset)));
  writeFileSync(
    join(dist, "site-build.json"),
    `${JSON.stringify({ origin: site.origin, pages: pages.length, docs: docs.length }, null, 2)}\n`,
  );
  console.log(
    `website: ${pages.length} pages (${docs.length} documentation pages); the server puts PUBLIC_URL's origin in place of ${site.origin}`,
  );
}

try {
  await build();
} catch (error) {
  console.error(`The website could not be built: ${(error as Error).message}`);
  process.exit(1);
}
