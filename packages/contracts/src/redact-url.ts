/**
 * URLs shown to anyone (config summaries, the public MCP registry, agent cards) may carry secrets:
 * a password in the userinfo (postgres://user:pw@host), or a key in the query (?api_key=…,
 * ?password=…) or its fragment (#access_token=…). Shown URLs keep their scheme, host, path and
 * the names of their query parameters; every query value, the userinfo and the fragment are
 * replaced.
 */

/** What replaces a secret value. */
export const redacted = "[redacted]";

const absoluteUrl = /^[a-z][a-z0-9+.-]*:\/\//i;

/** Whether a string is an absolute URL with an authority (scheme://…). */
export function looksLikeUrl(value: string): boolean {
  return absoluteUrl.test(value);
}

function redactedQuery(search: string): string {
  if (search.length <= 1) return "";
  const names = search
    .slice(1)
    .split("&")
    .filter((pair) => pair !== "")
    .map((pair) => {
      const at = pair.indexOf("=");
      return `${at < 0 ? pair : pair.slice(0, at)}=${redacted}`;
    });
  return names.length > 0 ? `?${names.join("&")}` : "";
}

/**
 * A URL safe to show: userinfo and query values replaced. A string that is not an absolute URL
 * is returned as it is; one that looks like a URL but cannot be parsed is replaced entirely,
 * since where its secret sits cannot be told.
 */
export function redactUrl(value: string): string {
  if (!looksLikeUrl(value)) return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return redacted;
  }
  const userinfo = url.username || url.password ? `${redacted}@` : "";
  // new URL adds "/" to a bare origin; show it as it was written.
  const bare = url.pathname === "/" && !value.slice(url.protocol.length + 2).includes("/");
  const path = bare ? "" : url.pathname;
  const hash = url.hash ? `#${redacted}` : "";
  return `${url.protocol}//${userinfo}${url.host}${path}${redactedQuery(url.search)}${hash}`;
}
