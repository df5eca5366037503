import { useSite } from "../settings.js";
import { absoluteUrl, defaultImage, type PageMeta } from "./page-meta.js";

/** JSON for a script element: `<` escaped so no text can close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/** The head tags of a page: title, description, Open Graph, Twitter card, canonical, JSON-LD. */
export function MetaTags({ meta }: { meta: PageMeta }) {
  const { origin } = useSite();
  const url = meta.path === undefined ? undefined : absoluteUrl(origin, meta.path);
  const image = absoluteUrl(origin, meta.image ?? defaultImage);
  const type = meta.type ?? "website";
  return (
    <>
      <title>{meta.title}</title>
      <meta name="description" content={meta.description} />
      {meta.keywords && meta.keywords.length > 0 && (
        <meta name="keywords" content={meta.keywords.join(", ")} />
      )}
      {meta.author && <meta name="author" content={meta.author} />}
      {meta.noindex && <meta name="robots" content="noindex" />}
      {url && <link rel="canonical" href={url} />}
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content="A2A Chat" />
      <meta property="og:title" content={meta.title} />
      <meta property="og:description" content={meta.description} />
      {url && <meta property="og:url" content={url} />}
      <meta property="og:image" content={image} />
      {meta.publishedTime && (
        <meta property="article:published_time" content={meta.publishedTime} />
      )}
      {meta.author && type === "article" && (
        <meta property="article:author" content={meta.author} />
      )}
      <meta name="twitter:card" content={meta.card ?? "summary_large_image"} />
      <meta name="twitter:title" content={meta.title} />
      <meta name="twitter:description" content={meta.description} />
      <meta name="twitter:image" content={image} />
      {meta.jsonLd.map((data, index) => (
        <script
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed per page
          key={index}
          type="application/ld+json"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with < escaped, not markup
          dangerouslySetInnerHTML={{ __html: jsonForScript(data) }}
        />
      ))}
    </>
  );
}
