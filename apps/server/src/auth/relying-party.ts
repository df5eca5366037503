import type { Config } from "../config/schema.js";

/** Who passkeys are made for: the rpID, and which page origins a ceremony may come from. */
export interface RelyingParty {
  id: string;
  name: string;
  /** The origin a ceremony reported by the browser must have for this site; undefined refuses it. */
  expectedOrigin(reported: string): string | undefined;
  /** Origins a relative redirect URI may sit on; undefined means "any localhost origin". */
  origins: string[] | undefined;
}

function parseOrigin(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** Whether an origin is this machine by name, which browsers accept for WebAuthn over http. */
export function isLocalhostOrigin(origin: string): boolean {
  const url = parseOrigin(origin);
  return (
    url !== undefined &&
    url.hostname === "localhost" &&
    (url.protocol === "http:" || url.protocol === "https:") &&
    url.origin === origin
  );
}

/**
 * The relying party comes from PUBLIC_URL: its host name is the rpID and its origin the one
 * accepted origin. Without PUBLIC_URL (development) the rpID is "localhost" and a page on
 * localhost at any port is accepted; browsers refuse passkeys on bare IP addresses.
 */
export function relyingParty(config: Config): RelyingParty {
  const name = "A2A Chat";
  const publicUrl = config.server.publicUrl;
  if (publicUrl) {
    const origin = new URL(publicUrl).origin;
    return {
      id: new URL(publicUrl).hostname,
      name,
      expectedOrigin: () => origin,
      origins: [origin],
    };
  }
  return {
    id: "localhost",
    name,
    expectedOrigin: (reported) => (isLocalhostOrigin(reported) ? reported : undefined),
    origins: undefined,
  };
}
