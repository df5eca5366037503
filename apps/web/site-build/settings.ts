// The server's own config loader: the same file, environment variables and validation.
import { loadConfig } from "../../server/src/config/load.js";
import type { SiteSettings } from "../src/site/settings.js";

/**
 * The origin written into the pages: a placeholder (the reserved .invalid name, which no doc's
 * text contains) that the server replaces with PUBLIC_URL's origin when it serves them, so one
 * build serves any address (apps/server/src/http/site-origin.ts).
 */
export const placeholderOrigin = "https://public-url.invalid";

/**
 * The site's settings from the server configuration (config file and environment, validated the
 * same way the server validates them at start); the origin is the placeholder.
 */
export function siteSettingsFromConfig(
  assets: SiteSettings["assets"],
  env: NodeJS.ProcessEnv = process.env,
  cwd?: string,
): SiteSettings {
  const config = loadConfig(env, cwd);
  const { supportEmail, privacyEmail, communityUrl, socialLinks } = config.site;
  return {
    origin: placeholderOrigin,
    supportEmail,
    privacyEmail: privacyEmail ?? supportEmail,
    communityUrl,
    socialLinks,
    assets,
  };
}
