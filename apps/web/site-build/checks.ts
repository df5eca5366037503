/** A rendered output of the site: a page's HTML or a text file, by its path. */
export interface Output {
  path: string;
  body: string;
  /** Pages only: the HTTP status it is served with and whether it must carry a canonical URL. */
  page?: { status: number; canonical: boolean };
}

const jsonLdTypes = new Set([
  "WebSite",
  "Organization",
  "TechArticle",
  "SoftwareApplication",
  "WebPage",
]);

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

function attributes(html: string, pattern: RegExp): string[] {
  return [...html.matchAll(pattern)].map((match) => decodeEntities(match[1] ?? ""));
}

/** The problems of one page's head: missing metadata or JSON-LD that is not valid schema.org. */
export function metadataProblems(output: Output): string[] {
  const { path, body } = output;
  const problems: string[] = [];
  const need = (what: string, pattern: RegExp) => {
    if (!pattern.test(body)) problems.push(`${path}: no ${what}`);
  };
  need("<title>", /<title>[^<]+<\/title>/);
  need("description", /<meta name="description" content="[^"]+"/);
  need("og:title", /<meta property="og:title" content="[^"]+"/);
  need("og:description", /<meta property="og:description" content="[^"]+"/);
  need("og:type", /<meta property="og:type" content="(website|article)"/);
  need("og:image", /<meta property="og:image" content="https?:\/\/[^"]+"/);
  need("twitter:card", /<meta name="twitter:card" content="(summary|summary_large_image)"/);
  if (output.page?.canonical) {
    need("canonical link", /<link rel="canonical" href="https?:\/\/[^"]+"/);
    need("og:url", /<meta property="og:url" content="https?:\/\/[^"]+"/);
  }
  const scripts = attributes(body, /<script type="application\/ld\+json">([\s\S]*?)<\/script>/g);
  if (scripts.length === 0) problems.push(`${path}: no JSON-LD`);
  for (const script of scripts) {
    try {
      const data = JSON.parse(script) as { "@context"?: unknown; "@type"?: unknown };
      if (data["@context"] !== "https://schema.org")
        problems.push(`${path}: JSON-LD without the schema.org @context`);
      if (typeof data["@type"] !== "string" || !jsonLdTypes.has(data["@type"])) {
        problems.push(`${path}: JSON-LD @type ${String(data["@type"])} is not one the site uses`);
      }
    } catch (error) {
      problems.push(`${path}: JSON-LD is not JSON (${(error as Error).message})`);
    }
  }
  return problems;
}

/**
 * Links in the site's pages that point at nothing: an internal path no page, file or app route
 * answers, or a #fragment the target page has no element for.
 */
export function brokenLinks(
  outputs: readonly Output[],
  origin: string,
  otherPaths: ReadonlySet<string>,
): string[] {
  const byPath = new Map(outputs.map((output) => [output.path, output]));
  const problems: string[] = [];
  for (const output of outputs) {
    if (!output.page) continue;
    const targets = [
      ...attributes(output.body, /\s(?:href|src)="([^"]*)"/g),
      ...attributes(
        output.body,
        /<meta (?:property|name)="(?:og|twitter):image" content="([^"]*)"/g,
      ),
    ];
    for (const href of targets) {
      const local = href.startsWith(origin) ? href.slice(origin.length) || "/" : href;
      if (local.startsWith("#")) {
        if (local.length > 1 && !output.body.includes(`id="${local.slice(1)}"`)) {
          problems.push(`${output.path}: link ${href} has no target on the page`);
        }
        continue;
      }
      if (!local.startsWith("/") || local.startsWith("//")) continue;
      const [pathAndQuery = "", fragment] = local.split("#", 2);
      const path = pathAndQuery.split("?")[0] ?? "";
      const target = byPath.get(path);
      if (!target && !otherPaths.has(path)) {
        problems.push(`${output.path}: link ${href} goes nowhere`);
        continue;
      }
      if (fragment && target && !target.body.includes(`id="${fragment}"`)) {
        problems.push(`${output.path}: link ${href} has no target #${fragment}`);
      }
    }
  }
  return problems;
}
