// Kept free of zod and every other import: the website's tracker bundles this file, and it must
// stay a few hundred bytes.

/** Where a page view came from (tools spec §9), in the order the owner's view lists them. */
export const referrerClasses = [
  "direct",
  "internal",
  "google",
  "bing",
  "duckduckgo",
  "twitter",
  "linkedin",
  "facebook",
  "reddit",
  "external",
  "unknown",
] as const;

/** One referrer class. */
export type ReferrerClass = (typeof referrerClasses)[number];

// Each class and the registrable names it covers; a host matches a name itself or any of its
// subdomains (www.google.com, old.reddit.com, l.facebook.com).
const knownHosts: [ReferrerClass, string[]][] = [
  ["twitter", ["twitter.com", "t.co", "x.com"]],
  ["linkedin", ["linkedin.com", "lnkd.in"]],
  ["facebook", ["facebook.com", "fb.com", "fb.me"]],
  ["reddit", ["reddit.com", "redd.it"]],
  ["bing", ["bing.com"]],
  ["duckduckgo", ["duckduckgo.com", "ddg.gg"]],
];

// Google searches on its country domains: google.de, google.co.uk, google.com.au.
const googleHost = /(^|\.)google\.(com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/;

const coveredBy = (host: string, name: string) => host === name || host.endsWith(`.${name}`);

/**
 * Classifies a referrer URL (tools spec §9): direct when there is none, internal when it is this
 * site's host, a known search engine or social network, else external; unknown when the text is
 * not a URL. `siteHost` is this site's host (with its port, as URL.host gives it).
 */
export function classifyReferrer(
  referrer: string | null | undefined,
  siteHost: string,
): ReferrerClass {
  const text = referrer?.trim() ?? "";
  if (text === "") return "direct";
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return "unknown";
  }
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (host === "") return "unknown";
  if (url.host.toLowerCase() === siteHost.toLowerCase()) return "internal";
  if (googleHost.test(host)) return "google";
  for (const [name, hosts] of knownHosts) {
    if (hosts.some((known) => coveredBy(host, known))) return name;
  }
  return "external";
}
