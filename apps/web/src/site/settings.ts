import { createContext, useContext } from "react";

/** A social profile linked from the footer and the contact page. */
export interface SocialLink {
  label: string;
  url: string;
}

/** What the website needs from the deployment: its origin, contact details and built assets. */
export interface SiteSettings {
  /** Origin the site is published at, without a trailing slash (canonical links, sitemap). */
  origin: string;
  supportEmail: string;
  /** Data protection officer's address (privacy policy). */
  privacyEmail: string;
  communityUrl: string;
  socialLinks: SocialLink[];
  /**
   * Built stylesheet and script of the website (paths on this origin); `inlineCss`, when set, is
   * the stylesheet's text, put in each page's head instead of a link to it.
   */
  assets: { css: string[]; js: string[]; inlineCss?: string };
}

/** Product name used in titles and structured data. */
export const siteName = "A2A Chat";

const SiteContext = createContext<SiteSettings | null>(null);

/** Provides the settings to every page component while prerendering. */
export const SiteSettingsProvider = SiteContext.Provider;

/** The settings of the site being rendered. */
export function useSite(): SiteSettings {
  const settings = useContext(SiteContext);
  if (!settings) throw new Error("useSite() outside SiteSettingsProvider");
  return settings;
}
