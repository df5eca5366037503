import {
  type AgentCard,
  type AgentCardSignatureGenerator,
  generateAgentCardSignature,
} from "@a2a-js/sdk";
import { type SigningKey, signingAlgorithm } from "../auth/signing-key.js";

/** Where the server publishes its public keys, under an origin. */
export function jwksUrl(origin: string): string {
  return `${origin.replace(/\/+$/, "")}/.well-known/jwks.json`;
}

/**
 * Signs our agents' cards as A2A 1.0 asks: a JWS (flattened, detached payload) over the card's
 * RFC 8785 canonical form without its `signatures`, made by the SDK's own signer so that its
 * verifier and ours agree on the canonical bytes. The protected header names the key (kid, as
 * in our JWKS) and where to fetch it (jku); the SDK's verifier also wants `typ`.
 */
export function cardSigner(key: SigningKey, origin: string): AgentCardSignatureGenerator {
  return generateAgentCardSignature(key.privateKey, {
    alg: signingAlgorithm,
    kid: key.kid,
    jku: jwksUrl(origin),
    typ: "JOSE",
  });
}

/** The card with exactly one signature of ours (any it carried before are replaced). */
export function signCard(card: AgentCard, key: SigningKey, origin: string): Promise<AgentCard> {
  return cardSigner(key, origin)({ ...card, signatures: [] });
}
