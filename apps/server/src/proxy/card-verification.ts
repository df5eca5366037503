import { type CardVerification, cardVerificationTexts } from "@a2a-chat/contracts";
import { AgentCard, canonicalizeAgentCard } from "@a2a-js/sdk";
import canonicalize from "canonicalize";
import { base64url, decodeProtectedHeader, flattenedVerify } from "jose";
import { CardKeyError, type CardKeys } from "./card-keys.js";

/** A discovered card, as it will be shown, and how its signatures checked out. */
export interface CheckedCard {
  /** For a verified card, exactly the content that was signed; else the card as received. */
  card: Record<string, unknown>;
  verification: CardVerification;
}

/** Signatures of one card that are checked (the rest are ignored). */
export const maxSignatures = 5;

interface SignatureEntry {
  protected: string;
  signature: string;
  header?: Record<string, unknown>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function entriesOf(card: Record<string, unknown>): SignatureEntry[] {
  if (!Array.isArray(card.signatures)) return [];
  // A few signers at most: each may cost a key fetch, and one valid signature is enough.
  return card.signatures.slice(0, maxSignatures).flatMap((raw) =>
    isRecord(raw) && typeof raw.protected === "string" && typeof raw.signature === "string"
      ? [
          {
            protected: raw.protected,
            signature: raw.signature,
            ...(isRecord(raw.header) ? { header: raw.header } : {}),
          },
        ]
      : [],
  );
}

/** A v0.3 card: one `url`, no v1.0 interface list. */
const isLegacyCard = (card: Record<string, unknown>) =>
  !Array.isArray(card.supportedInterfaces) && typeof card.url === "string";

/**
 * The bytes a signature covers: A2A 1.0 signs the RFC 8785 form of the card (normalised to the
 * v1.0 schema, as the SDK's signer does) without `signatures`; a v0.3 card is signed as sent,
 * without `signatures`, in its RFC 8785 form.
 */
function signedContent(card: Record<string, unknown>): {
  payload: string;
  shown: Record<string, unknown>;
} {
  const { signatures: _left, ...rest } = card;
  if (isLegacyCard(card)) return { payload: canonicalize(rest) ?? "{}", shown: rest };
  const payload = canonicalizeAgentCard(AgentCard.fromJSON(rest));
  return { payload, shown: JSON.parse(payload) as Record<string, unknown> };
}

/** The origin of a URL, or undefined. */
function originOf(raw: unknown): string | undefined {
  try {
    return typeof raw === "string" ? new URL(raw).origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Checks an added agent's card signatures (JWS, detached payload over the canonical card). The
 * key comes from each protected header's jku and kid (no jku: the JWKS at the agent's origin),
 * fetched through `keys`. One signature that verifies is enough: the card is then shown exactly
 * as signed (fields outside what was signed are dropped). A card whose signatures all fail is
 * shown as received, with the failure; unsigned cards are shown as received.
 */
export async function checkCardSignatures(
  card: Record<string, unknown>,
  keys: CardKeys,
  agentUrl: string,
): Promise<CheckedCard> {
  const entries = entriesOf(card);
  if (entries.length === 0) return { card, verification: { status: "unsigned", detail: "" } };
  const { payload, shown } = signedContent(card);
  const encoded = base64url.encode(new TextEncoder().encode(payload));
  let keyProblem: { host?: string; detail: string } | undefined;
  let badHost: string | undefined;
  for (const entry of entries) {
    let jku: string | undefined;
    try {
      const header = decodeProtectedHeader(entry);
      const kid = typeof header.kid === "string" ? header.kid : undefined;
      const alg = typeof header.alg === "string" ? header.alg : undefined;
      jku = typeof header.jku === "string" ? header.jku : undefined;
      const fallback = originOf(agentUrl);
      jku ??= fallback ? `${fallback}/.well-known/jwks.json` : undefined;
      if (!kid || !alg || !jku) throw new CardKeyError("the signature names no key (kid, alg)");
      const key = await keys.key(jku, kid, alg);
      await flattenedVerify({ ...entry, payload: encoded }, key);
      return {
        card: shown,
        verification: { status: "verified", host: new URL(jku).host, detail: "" },
      };
    } catch (error) {
      const host = jku ? originOf(jku)?.replace(/^https?:\/\//, "") : undefined;
      if (error instanceof CardKeyError) keyProblem ??= { host, detail: error.message };
      else badHost ??= host ?? "";
    }
  }
  // A signature that was checked and failed outweighs one whose key could not be had.
  if (badHost !== undefined || !keyProblem) {
    return {
      card,
      verification: {
        status: "invalid",
        ...(badHost ? { host: badHost } : {}),
        detail: cardVerificationTexts.invalid,
      },
    };
  }
  return {
    card,
    verification: {
      status: "key_unavailable",
      ...(keyProblem.host ? { host: keyProblem.host } : {}),
      detail: `${cardVerificationTexts.keyUnavailable}: ${keyProblem.detail}`,
    },
  };
}
