// The server's own config loader: the same file, environment variables and validation.
import { loadConfig } from "../../server/src/config/load.js";
import type { SiteSettings } from "../src/site/settings.js";

/** Origin used when PUBLIC_URL is not set: the server on this machine. */
function localOrigin(port: number): string {
  return `http://localhost:${port === 0 ? 8080 : port}`;
}

/**
 * The site's settings from the server configuration (config file and environment, validated the
 * same way the server validates them at start).
 */
export function siteSettingsFromConfig(
  assets: SiteSettings["assets"],
  env: NodeJS.ProcessEnv = process.env,
  cwd?: string,
): SiteSettings {
  const config = loadConfig(env, cwd);
  const origin = config.server.publicUrl
    ? new URL(config.server.publicUrl).origin
    : localOrigin(config.server.port);
  const { supportEmail, privacyEmail, communityUrl, socialLinks } = config.site;
  return {
    origin,
    supportEmail,
    privacyEmail: privacyEmail ?? supportEmail,
    communityUrl,
    socialLinks,
    assets,
  };
}
