import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;

/**
 * Security headers for every response. Scripts only from our origin (no inline script); inline
 * style attributes stay allowed because charting and layout libraries set them.
 */
export function securityHeaders(options: { https: boolean }): MiddlewareHandler {
  const common: SecureHeadersOptions = {
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:", "https:"],
      fontSrc: ["'self'", "data:"],
      // Users add external A2A agents by URL and the browser talks to them directly: any HTTPS
      // origin, plus agents running on the user's own machine during development.
      connectSrc: ["'self'", "https:", "http://localhost:*", "http://127.0.0.1:*"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: "DENY",
    xContentTypeOptions: true,
    referrerPolicy: "strict-origin-when-cross-origin",
    // HSTS over plain HTTP is ignored by browsers and would pin a later HTTPS setup; send it only
    // when the public URL is HTTPS.
    strictTransportSecurity: options.https ? "max-age=31536000; includeSubDomains" : false,
    crossOriginEmbedderPolicy: false,
  };
  const sameOrigin = secureHeaders(common);
  // Public keys and discovery documents are meant to be read by other origins.
  const shared = secureHeaders({ ...common, crossOriginResourcePolicy: "cross-origin" });
  return (c, next) =>
    c.req.path.startsWith("/.well-known/") ? shared(c, next) : sameOrigin(c, next);
}
