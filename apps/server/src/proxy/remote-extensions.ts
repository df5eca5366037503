import { supportedExtensionUris } from "@a2a-chat/contracts";
import { HTTP_EXTENSION_HEADER } from "@a2a-js/sdk";
import { LEGACY_HTTP_EXTENSION_HEADER } from "@a2a-js/sdk/compat/v0_3";

/** One extension a card declares, as the details dialog lists it. */
export interface DeclaredExtension {
  uri: string;
  required: boolean;
  description: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The extensions a card (v1.0 or v0.3: both under capabilities.extensions) declares. */
export function declaredExtensions(card: Record<string, unknown>): DeclaredExtension[] {
  const capabilities = isRecord(card.capabilities) ? card.capabilities : {};
  const list = Array.isArray(capabilities.extensions) ? capabilities.extensions : [];
  return list.slice(0, 50).flatMap((raw) => {
    if (!isRecord(raw) || typeof raw.uri !== "string" || raw.uri.trim() === "") return [];
    return [
      {
        uri: raw.uri.slice(0, 2048),
        required: raw.required === true,
        description: typeof raw.description === "string" ? raw.description.slice(0, 2000) : "",
      },
    ];
  });
}

/** The URIs of extensions the card requires that we do not support (empty: we may call it). */
export function unsupportedRequired(card: Record<string, unknown>): string[] {
  return declaredExtensions(card)
    .filter((e) => e.required && !supportedExtensionUris.includes(e.uri))
    .map((e) => e.uri);
}

/**
 * The header naming the extensions we support that the agent declares, spelled for its protocol
 * (`A2A-Extensions` for 1.0, `X-A2A-Extensions` for 0.3); none when there are none.
 */
export function extensionHeaders(
  card: Record<string, unknown>,
  protocol: "1.0" | "0.3",
): Record<string, string> {
  const active = declaredExtensions(card)
    .map((e) => e.uri)
    .filter((uri) => supportedExtensionUris.includes(uri));
  if (active.length === 0) return {};
  const name = protocol === "0.3" ? LEGACY_HTTP_EXTENSION_HEADER : HTTP_EXTENSION_HEADER;
  return { [name]: [...new Set(active)].join(", ") };
}
