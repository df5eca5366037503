import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config/schema.js";
import type { Logger } from "../log/logger.js";

/** The origin the website is served with, whether PUBLIC_URL gave it, and where to say so. */
export interface SiteOrigin {
  origin: string;
  fromPublicUrl: boolean;
  logger: Logger;
}

/**
 * The origin the website's absolute links (canonical, og:url, og:image, JSON-LD, share links,
 * sitemap, robots.txt, llms.txt) are served with: PUBLIC_URL's, else this server on localhost.
 */
export function servedSiteOrigin(config: Config, logger: Logger): SiteOrigin {
  const { publicUrl, port } = config.server;
  const origin = publicUrl
    ? new URL(publicUrl).origin
    : `http://localhost:${port === 0 ? 8080 : port}`;
  return { origin, fromPublicUrl: publicUrl !== undefined, logger };
}

/**
 * The origin the website build wrote into its pages (site-build.json): a placeholder that the
 * server replaces with the served origin, so one build serves any PUBLIC_URL. Undefined for a
 * build without the record (a chat-only build, or one made by another tool).
 */
export function builtSiteOrigin(webDir: string): string | undefined {
  const record = join(webDir, "site-build.json");
  if (!existsSync(record)) return undefined;
  const { origin } = JSON.parse(readFileSync(record, "utf8")) as { origin?: unknown };
  return typeof origin === "string" && origin !== "" ? origin : undefined;
}

/**
 * Replaces one origin by another in a page or text file: as written (links, JSON-LD, sitemap)
 * and URL-encoded (the `url=` of share links).
 */
export function originRewriter(from: string, to: string): (text: string) => string {
  if (from === to) return (text) => text;
  const encodedFrom = encodeURIComponent(from);
  const encodedTo = encodeURIComponent(to);
  return (text) => text.replaceAll(from, to).replaceAll(encodedFrom, encodedTo);
}

/**
 * How the website's pages get the served origin: the build writes a placeholder origin and
 * records it (site-build.json); every page and text file is sent with it replaced (undefined:
 * nothing to replace). Says which origin the links carry, and warns whenever that is not
 * PUBLIC_URL: unset, or a build that records no origin to replace.
 */
export function siteOriginRewrite(
  webDir: string,
  { origin, fromPublicUrl, logger }: SiteOrigin,
): ((text: string) => string) | undefined {
  const built = builtSiteOrigin(webDir);
  if (built === undefined) {
    if (existsSync(join(webDir, "404.html")))
      logger.warn(
        { webDir, origin },
        "the website build records no origin (no site-build.json): its links keep the origin it was built with whatever PUBLIC_URL says; rebuild with `npm run build`",
      );
    return undefined;
  }
  if (fromPublicUrl) logger.info({ origin, builtWith: built }, `website links use ${origin}`);
  else
    logger.warn(
      { origin },
      `PUBLIC_URL is not set: the website's canonical links, sitemap and share links use ${origin}; set PUBLIC_URL to the address people open`,
    );
  return originRewriter(built, origin);
}
