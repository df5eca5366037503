import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env.js";

/** Content-Security-Policy directives of the pages (HTML), in the order they are sent. */
const pagePolicy: [string, string[]][] = [
  ["default-src", ["'self'"]],
  ["script-src", ["'self'"]],
  // The chat's A2A client runs in a module worker loaded from this origin (agent-worker).
  ["worker-src", ["'self'"]],
  ["style-src", ["'self'", "'unsafe-inline'"]],
  ["img-src", ["'self'", "data:", "blob:", "https:"]],
  // Audio in tool results (MCP audio content) plays from its inline bytes.
  ["media-src", ["'self'", "data:", "blob:"]],
  ["font-src", ["'self'", "data:"]],
  // The browser talks to this site only: agents and tool servers users add, and the MCP servers
  // the config file lists, are reached through it (the session token is attached for this
  // origin only as well: same-origin-credentials.ts).
  ["connect-src", ["'self'"]],
  ["object-src", ["'none'"]],
  ["base-uri", ["'self'"]],
  ["form-action", ["'self'"]],
  ["frame-ancestors", ["'none'"]],
];

/**
 * The policy of API replies: nothing they hold may load or run anything, nor be framed. An API
 * reply opened as a document (a JSON body, the plain OAuth callback page) needs no more.
 */
const apiPolicy = "default-src 'none'; frame-ancestors 'none'";

/** Which set a reply gets: `page` for the web app and its assets, `api` under /api and /.well-known. */
export type HeaderSet = "page" | "api" | "sandbox";

/** The MCP Apps sandbox proxy page (mcp/apps/sandbox-page.ts): framed by this site only. */
export const appSandboxPath = "/mcp-app-sandbox";

/**
 * The sandbox page's policy: its inline script runs; it may be framed by this site only. The app
 * inside is narrowed further by its own deny-by-default policy (a srcdoc frame inherits this one
 * and adds its own; both apply).
 */
const sandboxPolicy =
  "default-src * data: blob: 'unsafe-inline'; script-src * data: blob: 'unsafe-inline'; " +
  "object-src 'none'; frame-ancestors 'self'";

/** Paths answered with the API set. */
export function isApiPath(path: string): boolean {
  return path.startsWith("/api/") || path === "/api" || path.startsWith("/.well-known/");
}

/**
 * Every security header of a reply. Pages get the full document set. API replies (JSON, event
 * streams, file downloads, read by this origin's scripts) keep the headers that protect a
 * non-document reply: no sniffing, no cross-origin reads (CORP), HSTS, and a policy that lets
 * nothing load or frame it. Document-only headers (opener policy, origin-keyed agent cluster,
 * referrer policy, DNS prefetch, the legacy X-* set) do nothing for a reply that is not a page.
 */
export function securityHeaderList(options: {
  https: boolean;
  crossOrigin?: boolean;
  set?: HeaderSet;
}): [string, string][] {
  const corp: [string, string] = [
    "Cross-Origin-Resource-Policy",
    options.crossOrigin ? "cross-origin" : "same-origin",
  ];
  // HSTS over plain HTTP is ignored by browsers and would pin a later HTTPS setup; send it only
  // when the public URL is HTTPS.
  const hsts: [string, string][] = options.https
    ? [["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]]
    : [];
  if (options.set === "sandbox") {
    return [
      corp,
      ...hsts,
      ["X-Content-Type-Options", "nosniff"],
      ["Content-Security-Policy", sandboxPolicy],
    ];
  }
  if (options.set === "api") {
    return [
      corp,
      ...hsts,
      ["X-Content-Type-Options", "nosniff"],
      ["Content-Security-Policy", apiPolicy],
    ];
  }
  return [
    corp,
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Origin-Agent-Cluster", "?1"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ...hsts,
    ["X-Content-Type-Options", "nosniff"],
    ["X-DNS-Prefetch-Control", "off"],
    ["X-Download-Options", "noopen"],
    ["X-Frame-Options", "DENY"],
    ["X-Permitted-Cross-Domain-Policies", "none"],
    ["X-XSS-Protection", "0"],
    [
      "Content-Security-Policy",
      pagePolicy.map(([name, values]) => [name, ...values].join(" ")).join("; "),
    ],
  ];
}

/** The API set as a flat name, value list, for replies written on Node's response directly. */
export function apiHeaderPairs(https: boolean): string[] {
  return securityHeaderList({ https, set: "api" }).flat();
}

/**
 * Security headers for every response. Pages: scripts only from our origin (no inline script);
 * inline style attributes stay allowed because charting and layout libraries set them. API
 * replies: the short set above. The headers are fixed, so they are built once; served by Node
 * they go straight onto the outgoing response before the route runs (setting them on the route's
 * Response afterwards turned every small reply's headers into a Headers object to build and
 * convert again), in process (app.request, the app's own fetch) onto the Response as before.
 */
export function securityHeaders(options: { https: boolean }): MiddlewareHandler<AppEnv> {
  const page = securityHeaderList({ ...options, set: "page" });
  const api = securityHeaderList({ ...options, set: "api" });
  // Public keys and discovery documents are meant to be read by other origins.
  const shared = securityHeaderList({ ...options, set: "api", crossOrigin: true });
  const sandbox = securityHeaderList({ ...options, set: "sandbox" });
  return async (c, next) => {
    const path = c.req.path;
    const headers = path.startsWith("/.well-known/")
      ? shared
      : isApiPath(path)
        ? api
        : path === appSandboxPath
          ? sandbox
          : page;
    const outgoing = c.env?.outgoing;
    if (outgoing && !outgoing.headersSent) {
      for (const [name, value] of headers) outgoing.setHeader(name, value);
      await next();
      return;
    }
    await next();
    for (const [name, value] of headers) c.res.headers.set(name, value);
  };
}
