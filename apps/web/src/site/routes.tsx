import type { ReactNode } from "react";
import { DocArticle } from "./docs/DocArticle.js";
import { DocsIndexPage } from "./docs/DocsIndexPage.js";
import { type Doc, keyOf } from "./docs/doc.js";
import { arrangeDocs } from "./docs/navigation.js";
import { DocErrorPage } from "./errors/DocErrorPage.js";
import { defaultStatusText, NotFoundPage, StatusPage } from "./errors/StatusPage.js";
import { CookiePolicy } from "./legal/CookiePolicy.js";
import { LegalIndexPage, legalTexts } from "./legal/LegalIndexPage.js";
import { PrivacyPolicy } from "./legal/PrivacyPolicy.js";
import { RefundPolicy } from "./legal/RefundPolicy.js";
import { TermsOfService } from "./legal/TermsOfService.js";
import { TermsPlaceholderPage } from "./legal/TermsPlaceholderPage.js";
import { AboutPage } from "./pages/AboutPage.js";
import { ContactPage } from "./pages/ContactPage.js";
import { FeaturesPage } from "./pages/FeaturesPage.js";
import { HomePage } from "./pages/HomePage.js";
import { PricingPage } from "./pages/PricingPage.js";
import {
  organizationLd,
  softwareApplicationLd,
  techArticleLd,
  webPageLd,
  webSiteLd,
} from "./seo/json-ld.js";
import type { SiteSettings } from "./settings.js";
import type { SitePage } from "./site-page.js";

/** Path of the prerendered page the server answers unknown addresses with (HTTP 404). */
export const notFoundPath = "/404";
/** Path of the default status error page (HTTP 500). */
export const statusErrorPath = "/500";

interface PageSpec {
  path: string;
  title: string;
  description: string;
  keywords?: string[];
  /** Structured data; a WebPage unless given. */
  jsonLd?: SitePage["meta"]["jsonLd"];
  content: () => ReactNode;
}

function page(site: SiteSettings, spec: PageSpec): SitePage {
  const { path, title, description, keywords, content } = spec;
  return {
    path,
    meta: {
      title: `${title} · A2A Chat`,
      description,
      keywords,
      path,
      jsonLd: spec.jsonLd ?? [webPageLd(site, { title, description, path })],
    },
    content,
    contentKey: keyOf(path, undefined),
    inSitemap: true,
  };
}

function docPage(site: SiteSettings, doc: Doc, sections: ReturnType<typeof arrangeDocs>): SitePage {
  const { title, description, author, date, keywords, image } = doc.meta;
  return {
    path: doc.path,
    meta: {
      title: `${title} · A2A Chat docs`,
      description,
      keywords,
      author,
      image,
      path: doc.path,
      publishedTime: date,
      type: "article",
      jsonLd: [techArticleLd(site, { title, description, path: doc.path, author, date, keywords })],
    },
    content: () => <DocArticle doc={doc} sections={sections} />,
    contentKey: doc.key,
    errorPage: (failure) => <DocErrorPage title={title} failure={failure} />,
    markdown: `# ${title}\n\n> ${description}\n\n${doc.markdown.replace(/^\s*# .*\n/, "").trimStart()}`,
    inSitemap: true,
  };
}

/** Every page of the website: marketing, documentation, legal and error pages. */
export function sitePages(site: SiteSettings, docs: readonly Doc[]): SitePage[] {
  const sections = arrangeDocs(docs);
  const homeDescription =
    "A self-hostable web client and server for AI agents and MCP tool servers, and a companion iOS and Android app for tool servers with voice and text control.";
  const legal = [TermsOfService, PrivacyPolicy, CookiePolicy, RefundPolicy];
  return [
    {
      path: "/",
      meta: {
        title: "A2A Chat: chat with AI agents and the tools they use",
        description: homeDescription,
        keywords: ["A2A", "MCP", "AI agents", "tool servers", "self-hosted", "iOS", "Android"],
        path: "/",
        jsonLd: [
          webSiteLd(site, homeDescription),
          organizationLd(site),
          softwareApplicationLd(site, "/"),
        ],
      },
      content: () => <HomePage />,
      contentKey: "home",
      inSitemap: true,
    },
    page(site, {
      path: "/features",
      title: "Features",
      description:
        "Unlimited tool servers and tools, every authentication option, voice with up to 20 tools, pre-configured integrations and the requirements.",
      keywords: ["features", "MCP", "OAuth", "voice", "integrations"],
      jsonLd: [softwareApplicationLd(site, "/features")],
      content: () => <FeaturesPage />,
    }),
    page(site, {
      path: "/pricing",
      title: "Pricing",
      description:
        "One subscription for the mobile app: $15/month after a 7-day free trial, free during the beta. The web client and server are free and open source.",
      keywords: ["pricing", "subscription", "free trial"],
      jsonLd: [softwareApplicationLd(site, "/pricing")],
      content: () => <PricingPage />,
    }),
    page(site, {
      path: "/about",
      title: "About",
      description:
        "A2A Chat is run by a single person, community driven and an early version. How to get support.",
      jsonLd: [
        webPageLd(site, {
          title: "About A2A Chat",
          description: "Who makes A2A Chat.",
          path: "/about",
        }),
        organizationLd(site),
      ],
      content: () => <AboutPage />,
    }),
    page(site, {
      path: "/contact",
      title: "Contact",
      description:
        "Support e-mail, community chat and social links; how to report a tool server that does not work.",
      content: () => <ContactPage />,
    }),
    page(site, {
      path: "/docs",
      title: "Documentation",
      description:
        "Run A2A Chat yourself, use the app and its tool servers: every documentation page.",
      content: () => <DocsIndexPage sections={sections} />,
    }),
    ...docs.map((doc) => docPage(site, doc, sections)),
    page(site, {
      path: "/legal",
      title: "Legal",
      description: "Terms of service, privacy policy, cookie policy and refund policy.",
      content: () => <LegalIndexPage />,
    }),
    ...legalTexts.map((text, index) => {
      const Text = legal[index] as () => ReactNode;
      const legalPage = page(site, {
        path: text.href,
        title: text.title,
        description: text.summary,
        content: () => <Text />,
      });
      // The privacy policy's own address is /privacy: this copy's canonical link points there.
      return text.href === "/legal/privacy-policy"
        ? { ...legalPage, meta: { ...legalPage.meta, path: "/privacy" }, inSitemap: false }
        : legalPage;
    }),
    page(site, {
      path: "/privacy",
      title: "Privacy Policy",
      description: "What A2A Chat collects, why, for how long, and your rights.",
      keywords: ["privacy", "GDPR", "data protection"],
      content: () => <PrivacyPolicy />,
    }),
    page(site, {
      path: "/terms",
      title: "Terms",
      description: "Terms of A2A Chat: content is coming soon.",
      content: () => <TermsPlaceholderPage />,
    }),
    {
      path: notFoundPath,
      status: 404,
      meta: {
        title: "Page not found · A2A Chat",
        description: "There is nothing at this address.",
        noindex: true,
        jsonLd: [
          webPageLd(site, {
            title: "Page not found",
            description: "There is nothing at this address.",
            path: notFoundPath,
          }),
        ],
      },
      content: () => <NotFoundPage />,
      inSitemap: false,
    },
    {
      path: statusErrorPath,
      status: 500,
      meta: {
        title: "Error · A2A Chat",
        description: defaultStatusText,
        noindex: true,
        jsonLd: [
          webPageLd(site, {
            title: "Error",
            description: defaultStatusText,
            path: statusErrorPath,
          }),
        ],
      },
      content: () => (
        <StatusPage
          status={500}
          details="The server could not answer this request. Reload the page; if it keeps failing, the server's log has the details."
        />
      ),
      inSitemap: false,
    },
  ];
}
