import { mcpAppMimeType } from "@a2a-chat/contracts";
import type { ReadResourceResult } from "@modelcontextprotocol/sdk/types.js";
import type { AppCspDomains } from "./app-csp.js";

/** An app's HTML and what its resource declares. */
export interface AppResource {
  html: string;
  csp?: AppCspDomains;
  prefersBorder?: boolean;
}

/** Messages of a resource that is no app. */
export const appResourceMessages = {
  missing: (uri: string) => `The server sent no app at ${uri}`,
  wrongType: (type: string) => `The app's resource is ${type}, not ${mcpAppMimeType}`,
} as const;

function decodeBase64(blob: string): string {
  const bytes = Uint8Array.from(atob(blob), (ch) => ch.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The app in a resources/read answer: its HTML (text or base64 blob) and `_meta.ui`. */
export function appResourceOf(result: ReadResourceResult, uri: string): AppResource {
  const content = result.contents.find((c) => c.uri === uri) ?? result.contents[0];
  if (!content) throw new Error(appResourceMessages.missing(uri));
  const type = (content.mimeType ?? "").replace(/\s+/g, "").toLowerCase();
  if (type !== mcpAppMimeType)
    throw new Error(appResourceMessages.wrongType(content.mimeType ?? "untyped"));
  const html =
    "text" in content && typeof content.text === "string"
      ? content.text
      : "blob" in content && typeof content.blob === "string"
        ? decodeBase64(content.blob)
        : undefined;
  if (html === undefined) throw new Error(appResourceMessages.missing(uri));
  const ui = (
    content._meta as { ui?: { csp?: AppCspDomains; prefersBorder?: unknown } } | undefined
  )?.ui;
  return {
    html,
    ...(ui?.csp ? { csp: ui.csp } : {}),
    ...(typeof ui?.prefersBorder === "boolean" ? { prefersBorder: ui.prefersBorder } : {}),
  };
}
