import type { Thing, WithContext } from "schema-dts";

/** Structured data of a page: one or more schema.org things with their @context. */
export type JsonLd = WithContext<Thing>;

/** Metadata of one page (tools spec §2): what the head's tags and JSON-LD are made from. */
export interface PageMeta {
  title: string;
  description: string;
  keywords?: string[];
  author?: string;
  /** Social-card image: a path on this site or an absolute URL. */
  image?: string;
  /** Path of the page on this site; gives og:url and the canonical link. */
  path?: string;
  /** ISO date of publication (documentation pages). */
  publishedTime?: string;
  /** Open Graph type; 'website' unless said otherwise. */
  type?: "website" | "article";
  /** Twitter card type; the large-image summary unless said otherwise. */
  card?: "summary" | "summary_large_image";
  jsonLd: JsonLd[];
  /** Pages that must not be indexed (error pages). */
  noindex?: boolean;
}

/** Default social-card image. */
export const defaultImage = "/og-image.png";

/** An absolute URL for a path on this site (absolute URLs pass through). */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl}`;
}
