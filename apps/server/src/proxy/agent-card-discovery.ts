import { externalAgentMessages } from "@a2a-chat/contracts";
import {
  GuardedFetchError,
  type GuardedFetchReason,
  guardedFetch,
  type OutboundPolicy,
} from "../net/guarded-fetch.js";

/** An agent card found for a URL, and the endpoint and protocol the server will use. */
export interface DiscoveredAgent {
  /** The card as the agent sent it (JSON object). */
  card: Record<string, unknown>;
  protocol: "1.0" | "0.3";
  /** The JSON-RPC endpoint chosen from the card's interfaces. */
  endpoint: string;
}

/** A discovery failure; the message is the spec's text, meant for the user. */
export class AgentDiscoveryError extends Error {
  override name = "AgentDiscoveryError";
}

/** Where a card may live for an agent base URL, in the order they are tried (core spec §7). */
export function cardLocations(base: string): string[] {
  return [`${base}/.well-known/agent-card.json`, `${base}/api/agents/card`];
}

/** An absolute http(s) URL, or undefined: relative, protocol-relative, javascript:, data: … are not. */
export function absoluteHttpUrl(raw: unknown): string | undefined {
  if (typeof raw !== "string" || !/^https?:\/\//i.test(raw.trim())) return undefined;
  try {
    const url = new URL(raw.trim());
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
    if (url.username || url.password) return undefined;
    return url.href;
  } catch {
    return undefined;
  }
}

interface Candidate {
  url: unknown;
  binding: unknown;
  version: "1.0" | "0.3";
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Every interface a card lists, as a v1.0 card (supportedInterfaces) or a v0.3 card (url, additionalInterfaces). */
function candidatesOf(card: Record<string, unknown>): Candidate[] {
  const found: Candidate[] = [];
  if (Array.isArray(card.supportedInterfaces)) {
    for (const entry of card.supportedInterfaces) {
      if (!isRecord(entry)) continue;
      const version = String(entry.protocolVersion ?? "");
      found.push({
        url: entry.url,
        binding: entry.protocolBinding,
        version: version.startsWith("0.3") ? "0.3" : "1.0",
      });
    }
  }
  if (typeof card.url === "string") {
    found.push({ url: card.url, binding: card.preferredTransport ?? "JSONRPC", version: "0.3" });
    if (Array.isArray(card.additionalInterfaces)) {
      for (const entry of card.additionalInterfaces) {
        if (isRecord(entry))
          found.push({ url: entry.url, binding: entry.transport, version: "0.3" });
      }
    }
  }
  return found;
}

/**
 * The endpoint the server will call: a JSON-RPC interface with an absolute http(s) URL. Those on
 * the origin the user entered come first (the credentials the user gave for that address go to
 * the endpoint chosen), then protocol 1.0 before 0.3, then the card's order. Interfaces with any
 * other URL (relative, javascript:, data:…) or binding are ignored; undefined when none is usable.
 */
export function chooseEndpoint(
  card: Record<string, unknown>,
  enteredUrl?: string,
): { endpoint: string; protocol: "1.0" | "0.3" } | undefined {
  const usable = candidatesOf(card).flatMap((candidate) => {
    const url = absoluteHttpUrl(candidate.url);
    const binding = String(candidate.binding ?? "").toUpperCase();
    return url && binding === "JSONRPC" ? [{ endpoint: url, protocol: candidate.version }] : [];
  });
  const origin = enteredUrl ? absoluteHttpUrl(enteredUrl) : undefined;
  const home = origin ? new URL(origin).origin : undefined;
  const rank = (c: { endpoint: string; protocol: "1.0" | "0.3" }) =>
    (new URL(c.endpoint).origin === home ? 0 : 2) + (c.protocol === "1.0" ? 0 : 1);
  // A stable sort keeps the card's order among equals.
  return [...usable].sort((a, b) => rank(a) - rank(b))[0];
}

// A refused address is told by the guarded fetch's own text (why, and the setting that allows it).
const stepOf: Record<Exclude<GuardedFetchReason, "refused_address">, string> = {
  bad_url: "the URL is not usable",
  dns_failed: "DNS: the host name did not resolve",
  timeout: "timed out",
  too_large: "the card is too large",
  too_many_redirects: "too many redirects",
  network: "TCP/TLS: the connection failed",
};

/** A location's card, or the step that failed and whether the next location would fail alike. */
type Fetched =
  | { ok: true; card: Record<string, unknown> }
  | { ok: false; step: string; final: boolean };

/** Failures of the host itself: the fallback location, on the same host, is not tried. */
const hostFailures: readonly GuardedFetchReason[] = ["refused_address", "dns_failed", "bad_url"];

async function fetchCard(location: string, policy: OutboundPolicy): Promise<Fetched> {
  const problem = (step: string): Fetched => ({ ok: false, step, final: false });
  try {
    const response = await guardedFetch(
      location,
      { headers: { accept: "application/json" } },
      policy,
    );
    if (response.status !== 200) return problem(`HTTP status ${response.status}`);
    let body: unknown;
    try {
      body = JSON.parse(response.body.toString("utf8"));
    } catch {
      return problem("protocol: not JSON");
    }
    if (!isRecord(body) || typeof body.name !== "string" || body.name.trim() === "")
      return problem("protocol: not an agent card");
    return { ok: true, card: body };
  } catch (error) {
    if (!(error instanceof GuardedFetchError)) return problem("the request failed");
    const step = error.reason === "refused_address" ? error.message : stepOf[error.reason];
    return { ok: false, step, final: hostFailures.includes(error.reason) };
  }
}

/**
 * Finds the card of an agent base URL through the guarded fetch: {url}/.well-known/agent-card.json,
 * then {url}/api/agents/card. Failures carry the spec's texts plus the step that failed.
 */
export async function discoverAgent(
  base: string,
  policy: OutboundPolicy,
): Promise<DiscoveredAgent> {
  const problems: string[] = [];
  for (const location of cardLocations(base)) {
    const fetched = await fetchCard(location, policy);
    if (!fetched.ok) {
      problems.push(fetched.step);
      if (fetched.final) break;
      continue;
    }
    const { card } = fetched;
    const chosen = chooseEndpoint(card, base);
    if (!chosen) {
      throw new AgentDiscoveryError(
        externalAgentMessages.connectError(
          `${externalAgentMessages.cardFetchFailed(base)}: the card lists no JSON-RPC endpoint with an http or https URL`,
        ),
      );
    }
    return { card, ...chosen };
  }
  throw new AgentDiscoveryError(
    externalAgentMessages.connectError(
      `${externalAgentMessages.cardFetchFailed(base)} (${[...new Set(problems)].join("; ")})`,
    ),
  );
}

/** The URL as the user's agent is keyed: absolute http(s), no trailing slash; else undefined. */
export function normaliseAgentUrl(input: string): string | undefined {
  const url = absoluteHttpUrl(input.trim());
  return url?.replace(/\/+$/, "");
}
