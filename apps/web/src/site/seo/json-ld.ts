import type {
  Organization,
  SoftwareApplication,
  TechArticle,
  WebPage,
  WebSite,
  WithContext,
} from "schema-dts";
import { type SiteSettings, siteName } from "../settings.js";
import { absoluteUrl, defaultImage } from "./page-meta.js";

const context = "https://schema.org" as const;

/** The site itself (home page). */
export function webSiteLd(site: SiteSettings, description: string): WithContext<WebSite> {
  return {
    "@context": context,
    "@type": "WebSite",
    name: siteName,
    url: `${site.origin}/`,
    description,
  };
}

/** Who runs the site, with its contact points and social profiles (home and about pages). */
export function organizationLd(site: SiteSettings): WithContext<Organization> {
  return {
    "@context": context,
    "@type": "Organization",
    name: siteName,
    url: `${site.origin}/`,
    logo: absoluteUrl(site.origin, "/favicon.svg"),
    email: site.supportEmail,
    sameAs: site.socialLinks.map((link) => link.url),
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "customer support",
      email: site.supportEmail,
    },
  };
}

/** The companion app as a product: platforms, requirements and its one subscription (tools spec §1). */
export function softwareApplicationLd(
  site: SiteSettings,
  path: string,
): WithContext<SoftwareApplication> {
  return {
    "@context": context,
    "@type": "SoftwareApplication",
    name: `${siteName} mobile app`,
    url: absoluteUrl(site.origin, path),
    applicationCategory: "DeveloperApplication",
    operatingSystem: "iOS 14.0 or later, Android 8.0 or later",
    description:
      "A native iOS and Android client for MCP tool servers with voice and text control by an AI assistant.",
    offers: {
      "@type": "Offer",
      price: "15.00",
      priceCurrency: "USD",
      description: "One subscription, $15/month after a 7-day free trial; free during the beta.",
    },
    image: absoluteUrl(site.origin, defaultImage),
  };
}

/** A documentation page. */
export function techArticleLd(
  site: SiteSettings,
  page: {
    title: string;
    description: string;
    path: string;
    author: string;
    date: string;
    keywords?: string[];
  },
): WithContext<TechArticle> {
  return {
    "@context": context,
    "@type": "TechArticle",
    headline: page.title,
    description: page.description,
    url: absoluteUrl(site.origin, page.path),
    datePublished: page.date,
    author: { "@type": "Organization", name: page.author },
    publisher: { "@type": "Organization", name: siteName, url: `${site.origin}/` },
    ...(page.keywords ? { keywords: page.keywords.join(", ") } : {}),
    isPartOf: { "@type": "WebSite", name: siteName, url: `${site.origin}/` },
  };
}

/** Any other page. */
export function webPageLd(
  site: SiteSettings,
  page: { title: string; description: string; path: string },
): WithContext<WebPage> {
  return {
    "@context": context,
    "@type": "WebPage",
    name: page.title,
    description: page.description,
    url: absoluteUrl(site.origin, page.path),
    isPartOf: { "@type": "WebSite", name: siteName, url: `${site.origin}/` },
  };
}
