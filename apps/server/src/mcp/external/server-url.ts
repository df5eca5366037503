import { isIP } from "node:net";
import { externalMcpMessages } from "@a2a-chat/contracts";
import { AllowList } from "../../net/address-policy.js";

/**
 * The documented rules of a tool server's URL (tools spec §5), checked on save: a full endpoint
 * URL (http or https, a host, no userinfo), HTTPS for remote servers, http only for local hosts
 * the administrator allow-listed (OUTBOUND_ALLOW_HOSTS). Returns the URL or the reason it fails.
 */
export function checkServerUrl(
  raw: string,
  allowHosts: readonly string[],
): { url: string } | { error: string } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { error: externalMcpMessages.notFullUrl };
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname)
    return { error: externalMcpMessages.notFullUrl };
  if (url.username || url.password) return { error: externalMcpMessages.notFullUrl };
  if (url.protocol === "http:") {
    const allow = new AllowList(allowHosts);
    const host = url.hostname.replace(/^\[|\]$/g, "");
    const allowed = isIP(host) ? allow.allowsAddress(host) : allow.allowsHost(host);
    if (!allowed) return { error: externalMcpMessages.httpsRequired };
  }
  url.hash = "";
  return { url: url.href };
}
