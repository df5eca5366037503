import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono, MiddlewareHandler } from "hono";
import type { AppEnv } from "./env.js";

const immutable = "public, max-age=31536000, immutable";
const revalidate = "no-cache";
const shortLived = "public, max-age=3600";

/** Cache policy by path: Vite's hashed assets never change, HTML must always be revalidated. */
export function cacheControlFor(path: string): string {
  if (path.startsWith("/assets/")) return immutable;
  if (path.endsWith("/") || path.endsWith(".html")) return revalidate;
  return shortLived;
}

/** A path whose last segment has a file extension names a file, never a client route. */
function looksLikeFile(path: string): boolean {
  const last = path.slice(path.lastIndexOf("/") + 1);
  return /\.[a-z0-9]+$/i.test(last);
}

/**
 * Serves the built web app from webDir: files as they are (precompressed .br/.gz when present),
 * and index.html for client routes. API paths are never answered here.
 */
export function mountWebApp(app: Hono<AppEnv>, webDir: string): boolean {
  const indexPath = join(webDir, "index.html");
  if (!existsSync(indexPath)) return false;
  const indexHtml = readFileSync(indexPath, "utf8");

  const isApi: (path: string) => boolean = (path) => path === "/api" || path.startsWith("/api/");

  const files = serveStatic({ root: webDir, precompressed: true });
  const staticFiles: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (isApi(c.req.path)) return next();
    const found = await files(c, next);
    if (found instanceof Response) found.headers.set("Cache-Control", cacheControlFor(c.req.path));
    return found;
  };
  const spaFallback: MiddlewareHandler<AppEnv> = async (c, next) => {
    const { method, path } = c.req;
    if ((method !== "GET" && method !== "HEAD") || isApi(path) || looksLikeFile(path)) {
      return next();
    }
    c.header("Cache-Control", revalidate);
    return c.html(indexHtml);
  };
  app.use("*", staticFiles);
  app.use("*", spaFallback);
  return true;
}
