import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env.js";

/** Content-Security-Policy directives, in the order they are sent. */
const contentSecurityPolicy: [string, string[]][] = [
  ["default-src", ["'self'"]],
  ["script-src", ["'self'"]],
  // The chat's A2A client runs in a module worker loaded from this origin (agent-worker).
  ["worker-src", ["'self'"]],
  ["style-src", ["'self'", "'unsafe-inline'"]],
  ["img-src", ["'self'", "data:", "blob:", "https:"]],
  ["font-src", ["'self'", "data:"]],
  // Users add external A2A agents by URL and the browser talks to them directly: any HTTPS
  // origin, plus agents running on the user's own machine during development.
  ["connect-src", ["'self'", "https:", "http://localhost:*", "http://127.0.0.1:*"]],
  ["object-src", ["'none'"]],
  ["base-uri", ["'self'"]],
  ["form-action", ["'self'"]],
  ["frame-ancestors", ["'none'"]],
];

/** Every security header of a response, for same-origin or shared (cross-origin readable) use. */
export function securityHeaderList(options: {
  https: boolean;
  crossOrigin?: boolean;
}): [string, string][] {
  return [
    ["Cross-Origin-Resource-Policy", options.crossOrigin ? "cross-origin" : "same-origin"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Origin-Agent-Cluster", "?1"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    // HSTS over plain HTTP is ignored by browsers and would pin a later HTTPS setup; send it only
    // when the public URL is HTTPS.
    ...(options.https
      ? [["Strict-Transport-Security", "max-age=31536000; includeSubDomains"] as [string, string]]
      : []),
    ["X-Content-Type-Options", "nosniff"],
    ["X-DNS-Prefetch-Control", "off"],
    ["X-Download-Options", "noopen"],
    ["X-Frame-Options", "DENY"],
    ["X-Permitted-Cross-Domain-Policies", "none"],
    ["X-XSS-Protection", "0"],
    [
      "Content-Security-Policy",
      contentSecurityPolicy.map(([name, values]) => [name, ...values].join(" ")).join("; "),
    ],
  ];
}

/**
 * Security headers for every response. Scripts only from our origin (no inline script); inline
 * style attributes stay allowed because charting and layout libraries set them. The headers are
 * fixed, so they are built once; served by Node they go straight onto the outgoing response
 * before the route runs (setting them on the route's Response afterwards turned every small
 * reply's headers into a Headers object to build and convert again), in process (app.request,
 * the app's own fetch) onto the Response as before.
 */
export function securityHeaders(options: { https: boolean }): MiddlewareHandler<AppEnv> {
  const sameOrigin = securityHeaderList(options);
  // Public keys and discovery documents are meant to be read by other origins.
  const shared = securityHeaderList({ ...options, crossOrigin: true });
  return async (c, next) => {
    const headers = c.req.path.startsWith("/.well-known/") ? shared : sameOrigin;
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
