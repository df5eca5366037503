import { z } from "zod";

/**
 * The A2A extensions this product's clients (the browser's and the proxy's) understand, by URI:
 * the one place that says so. Requests to an agent declaring any of them name them in
 * `A2A-Extensions` (v0.3: `X-A2A-Extensions`); an agent requiring any other is refused.
 */
export const supportedExtensionUris: readonly string[] = [
  "urn:a2a-chat:extension:system-instructions:v1",
  "urn:a2a-chat:extension:service-status:v1",
  "urn:a2a-chat:extension:mcp-servers:v1",
  "urn:a2a-chat:extension:tools:v1",
];

/** Texts of extensions an agent requires. */
export const extensionMessages = {
  /** Adding an agent that requires extensions we do not support. */
  unsupportedRequired: (uris: readonly string[]) =>
    `This agent requires ${uris.length === 1 ? "an extension" : "extensions"} this client does not support: ${uris.join(", ")}. It cannot be added.`,
} as const;

/**
 * How an added agent's card signature checked out: verified (by the key of `host`), unsigned,
 * invalid (no signature matches the card), or key_unavailable (the key could not be fetched).
 */
export const cardVerificationSchema = z.object({
  status: z.enum(["verified", "unsigned", "invalid", "key_unavailable"]),
  /** The host whose key verified (or should have verified) the signature. */
  host: z.string().optional(),
  /** What went wrong, in plain words (empty when verified or unsigned). */
  detail: z.string(),
});
/** The result of checking an agent card's signatures. */
export type CardVerification = z.infer<typeof cardVerificationSchema>;

/** Texts of card signatures, shown with an agent. */
export const cardVerificationTexts = {
  verified: (host: string) => `Verified by ${host}`,
  invalid: "Signature check failed: this card is not what its signer signed",
  keyUnavailable: "Signature not checked: the signing key could not be fetched",
} as const;
