import { isIP } from "node:net";
import { createLocalJWKSet, type JSONWebKeySet, type JWK } from "jose";
import { AllowList } from "../net/address-policy.js";
import { GuardedFetchError, guardedFetch, type OutboundPolicy } from "../net/guarded-fetch.js";

/** A key set is kept this long before it is fetched again. */
export const keySetTtlMs = 10 * 60_000;
/** A key set that lacks a kid is fetched again (a rotated key) at most this often. */
export const refetchCooldownMs = 30_000;
/** Key sets kept at most (the oldest goes first). */
const maxKeySets = 200;

/** Why a signing key could not be had, in plain words for the user. */
export class CardKeyError extends Error {
  override name = "CardKeyError";
}

interface Kept {
  set: JSONWebKeySet;
  fetchedAt: number;
}

/**
 * Whether a key may be fetched from this URL: only over HTTPS, as a signer's identity rests on
 * its TLS certificate, except from hosts the administrator allow-listed for local agents
 * (OUTBOUND_ALLOW_HOSTS), which are reached over plain HTTP in development.
 */
export function keyUrlProblem(raw: string, policy: OutboundPolicy): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `the key URL ${raw} is not a URL`;
  }
  if (url.protocol === "https:") return undefined;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const allow = new AllowList(policy.allowHosts);
  const listed = isIP(host) ? allow.allowsAddress(host) : allow.allowsHost(host);
  if (url.protocol === "http:" && listed) return undefined;
  return `the key URL ${url.href} is not HTTPS`;
}

/**
 * The public keys agents sign their cards with, fetched from a JWS header's jku through the
 * guarded fetch and kept per URL: a set is reused for keySetTtlMs, fetched again sooner only when
 * a kid is missing from it (a rotated key), and then at most once per refetchCooldownMs, so a
 * card naming an unknown kid cannot make us fetch on every request.
 */
export class CardKeys {
  private readonly sets = new Map<string, Kept>();

  constructor(
    private readonly policy: OutboundPolicy,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** The key `kid` (for `alg`) of the set at `jku`; throws CardKeyError when there is none. */
  async key(jku: string, kid: string, alg: string): Promise<ReturnType<typeof createLocalJWKSet>> {
    const problem = keyUrlProblem(jku, this.policy);
    if (problem) throw new CardKeyError(problem);
    let kept = this.sets.get(jku);
    const age = kept ? this.now() - kept.fetchedAt : Number.POSITIVE_INFINITY;
    const hasKid = (set: JSONWebKeySet) => set.keys.some((key: JWK) => key.kid === kid);
    if (!kept || age > keySetTtlMs || (!hasKid(kept.set) && age > refetchCooldownMs)) {
      kept = { set: await this.fetchSet(jku), fetchedAt: this.now() };
      this.keep(jku, kept);
    }
    if (!hasKid(kept.set)) throw new CardKeyError(`the key set at ${jku} has no key ${kid}`);
    const set = createLocalJWKSet(kept.set);
    // Resolved once here, so a key of the wrong type reads as unavailable, not as a bad signature.
    await set({ alg, kid }).catch((error: unknown) => {
      throw new CardKeyError(`the key ${kid} at ${jku} is unusable: ${(error as Error).message}`);
    });
    return set;
  }

  private keep(jku: string, kept: Kept): void {
    this.sets.delete(jku);
    if (this.sets.size >= maxKeySets) {
      const oldest = this.sets.keys().next().value;
      if (oldest !== undefined) this.sets.delete(oldest);
    }
    this.sets.set(jku, kept);
  }

  private async fetchSet(jku: string): Promise<JSONWebKeySet> {
    let body: unknown;
    try {
      const response = await guardedFetch(
        jku,
        { headers: { accept: "application/json" } },
        this.policy,
      );
      if (response.status !== 200)
        throw new CardKeyError(`${jku} answered HTTP ${response.status}`);
      body = JSON.parse(response.body.toString("utf8"));
    } catch (error) {
      if (error instanceof CardKeyError) throw error;
      const why = error instanceof GuardedFetchError ? error.message : "not JSON";
      throw new CardKeyError(`the key set at ${jku} could not be fetched (${why})`);
    }
    const keys = (body as { keys?: unknown } | null)?.keys;
    if (!Array.isArray(keys)) throw new CardKeyError(`${jku} is not a JSON Web Key Set`);
    return { keys: keys.filter((key): key is JWK => typeof key === "object" && key !== null) };
  }
}
