import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isSpaPath, isSpaRoute } from "@a2a-chat/contracts";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Context, Hono, MiddlewareHandler } from "hono";
import type { AppEnv } from "./env.js";
import { type SiteOrigin, siteOriginRewrite } from "./site-origin.js";
import { siteTextFiles } from "./site-text-files.js";

const immutable = "public, max-age=31536000, immutable";
const revalidate = "no-cache";
const shortLived = "public, max-age=3600";

/**
 * Cache policy: Vite's hashed assets never change; pages and the text the website build writes
 * (HTML, markdown, sitemap, robots, llms.txt) change with every build and are revalidated.
 */
export function cacheControlFor(path: string, contentType = ""): string {
  if (path.startsWith("/assets/")) return immutable;
  if (path.endsWith("/") || /\.(html|md|txt|xml)$/.test(path)) return revalidate;
  if (/^(text\/(html|markdown|plain|xml)|application\/xml)\b/.test(contentType)) return revalidate;
  return shortLived;
}

/** A path whose last segment has a file extension names a file, never a page. */
function looksLikeFile(path: string): boolean {
  const last = path.slice(path.lastIndexOf("/") + 1);
  return /\.[a-z0-9]+$/i.test(last);
}

const isApi = (path: string) => path === "/api" || path.startsWith("/api/");

/**
 * Files of the build that are not pages of their own: the chat's HTML shell (sent for the app's
 * routes), the error pages (sent with their status) and the build's manifests.
 */
const internalFiles = new Set([
  "/app.html",
  "/404.html",
  "/500.html",
  "/site-manifest.json",
  "/site-build.json",
  "/.vite/manifest.json",
]);

function readIfExists(path: string): string | undefined {
  return existsSync(path) ? readFileSync(path, "utf8") : undefined;
}

function mapDefined(text: string | undefined, rewrite: ((text: string) => string) | undefined) {
  return text === undefined || !rewrite ? text : rewrite(text);
}

/**
 * Serves the build in webDir: the prerendered website (a page per folder, `/` included), its
 * markdown, sitemap and other files as they are (precompressed .br/.gz when present), the chat's
 * HTML shell for the app's routes (/chat …; 404 for a path below one that is no route), and the website's 404 page with status 404 for any
 * other page address. API paths are never answered here.
 */
export function mountWebApp(app: Hono<AppEnv>, webDir: string, site: SiteOrigin): boolean {
  // The website build moves the chat's shell to app.html; a chat-only build keeps index.html.
  const appShell =
    readIfExists(join(webDir, "app.html")) ?? readIfExists(join(webDir, "index.html"));
  if (appShell === undefined) return false;
  const rewrite = siteOriginRewrite(webDir, site);
  const notFoundPage = mapDefined(readIfExists(join(webDir, "404.html")), rewrite);
  const errorPage = mapDefined(readIfExists(join(webDir, "500.html")), rewrite);

  const files = serveStatic({ root: webDir, precompressed: true });
  const textFiles = rewrite && siteTextFiles(webDir, rewrite);
  const isPageRequest = (c: Context<AppEnv>) =>
    (c.req.method === "GET" || c.req.method === "HEAD") && !isApi(c.req.path);

  const staticFiles: MiddlewareHandler<AppEnv> = async (c, next) => {
    const { path } = c.req;
    if (!isPageRequest(c) || internalFiles.has(path) || isSpaPath(path)) return next();
    try {
      const text = textFiles?.(c, path);
      if (text) {
        text.headers.set(
          "Cache-Control",
          cacheControlFor(path, text.headers.get("Content-Type") ?? ""),
        );
        return text;
      }
      const found = await files(c, next);
      if (found instanceof Response) {
        if (path.endsWith(".md")) found.headers.set("Content-Type", "text/markdown; charset=utf-8");
        const type = found.headers.get("Content-Type") ?? "";
        found.headers.set("Cache-Control", cacheControlFor(path, type));
      }
      return found;
    } catch (error) {
      c.var.log?.error({ err: error, path }, "could not serve a website file");
      c.header("Cache-Control", revalidate);
      return errorPage ? c.html(errorPage, 500) : c.text("An unexpected error occurred", 500);
    }
  };
  const appRoutes: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!isPageRequest(c) || !isSpaPath(c.req.path)) return next();
    c.header("Cache-Control", revalidate);
    // Below a route but not one (/chat/nope): the shell still shows its own not-found page, and
    // the status says so to crawlers and tools.
    return c.html(appShell, isSpaRoute(c.req.path) ? 200 : 404);
  };
  const notFound: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!isPageRequest(c) || looksLikeFile(c.req.path)) return next();
    c.header("Cache-Control", revalidate);
    return notFoundPage ? c.html(notFoundPage, 404) : c.text("Not found", 404);
  };
  app.use("*", staticFiles);
  app.use("*", appRoutes);
  app.use("*", notFound);
  return true;
}
