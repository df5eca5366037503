/** The domains an app's resource declares (`_meta.ui.csp`, the MCP Apps extension). */
export interface AppCspDomains {
  connectDomains?: unknown;
  resourceDomains?: unknown;
  frameDomains?: unknown;
  baseUriDomains?: unknown;
}

// An origin, optionally with a wildcard subdomain: scheme, host, port. Nothing else (no paths,
// keywords, quotes or separators) can reach the policy.
const originPattern = /^(https?|wss?):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;

/**
 * The declared origins that may enter the policy: well-formed origins, never this site's own
 * (an app has no business calling our API, even without credentials).
 */
export function allowedOrigins(declared: unknown, siteOrigin: string): string[] {
  if (!Array.isArray(declared)) return [];
  const site = siteOrigin.toLowerCase();
  const kept = new Set<string>();
  for (const entry of declared) {
    if (typeof entry !== "string") continue;
    const origin = entry.trim().replace(/\/$/, "");
    if (!originPattern.test(origin)) continue;
    const lower = origin.toLowerCase();
    if (lower === site || lower.replace(/^ws/, "http") === site) continue;
    kept.add(origin);
  }
  return [...kept];
}

/**
 * The Content-Security-Policy of an app's document: deny by default, inline script and style
 * (apps ship as one HTML file), and only the origins the resource declared for each kind of
 * request. `'self'` is never granted: the app's document is served from this site's URL, so
 * 'self' would mean our origin.
 */
export function appContentSecurityPolicy(
  csp: AppCspDomains | undefined,
  siteOrigin: string,
): string {
  const connect = allowedOrigins(csp?.connectDomains, siteOrigin);
  const resource = allowedOrigins(csp?.resourceDomains, siteOrigin);
  const frame = allowedOrigins(csp?.frameDomains, siteOrigin);
  const base = allowedOrigins(csp?.baseUriDomains, siteOrigin);
  const list = (values: string[]) => (values.length > 0 ? values.join(" ") : "'none'");
  const directives: [string, string][] = [
    ["default-src", "'none'"],
    ["script-src", ["'unsafe-inline'", ...resource].join(" ")],
    ["style-src", ["'unsafe-inline'", ...resource].join(" ")],
    ["img-src", ["data:", "blob:", ...resource].join(" ")],
    ["font-src", ["data:", ...resource].join(" ")],
    ["media-src", ["data:", "blob:", ...resource].join(" ")],
    ["connect-src", list(connect)],
    ["frame-src", list(frame)],
    ["base-uri", list(base)],
    ["object-src", "'none'"],
    ["form-action", "'none'"],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join("; ");
}

/**
 * The app's HTML with the policy as the first element of its head, so it applies before any of
 * the document's own scripts or links. Parsing runs nothing (DOMParser documents run no script).
 */
export function withContentSecurityPolicy(html: string, policy: string): string {
  const doc = new DOMParser().parseFromString(html, "text/html");
  const meta = doc.createElement("meta");
  meta.setAttribute("http-equiv", "Content-Security-Policy");
  meta.setAttribute("content", policy);
  doc.head.insertBefore(meta, doc.head.firstChild);
  return `<!DOCTYPE html>\n${doc.documentElement.outerHTML}`;
}
