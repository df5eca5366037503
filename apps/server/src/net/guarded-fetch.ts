import { lookup as dnsLookup } from "node:dns/promises";
import { request as httpRequest, type IncomingMessage, type RequestOptions } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { AllowList, refusedAddressReason, refusedHostReason } from "./address-policy.js";
import { headersForOtherOrigin } from "./cross-origin-headers.js";

/** Why a guarded fetch did not return a response; messages never carry the fetched body. */
export type GuardedFetchReason =
  | "bad_url"
  | "refused_address"
  | "dns_failed"
  | "timeout"
  | "too_large"
  | "too_many_redirects"
  | "network";

/** A refused or failed outbound request. The message names the reason, never the body. */
export class GuardedFetchError extends Error {
  override name = "GuardedFetchError";
  constructor(
    readonly reason: GuardedFetchReason,
    message: string,
  ) {
    super(message);
  }
}

/** The setting that lets user-supplied URLs reach hosts and addresses the policy refuses. */
export const allowHostsSetting = "OUTBOUND_ALLOW_HOSTS";

/** Why a host or address was refused, and the setting an administrator changes to allow it. */
export function refusedText(what: "Host" | "Address", why: string, host: string): string {
  return `${what} refused: ${why}; this server may connect there only if ${allowHostsSetting} lists ${host}`;
}

/** Resolves a host name to every address it has. */
export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;

const systemResolve: Resolve = (host) => dnsLookup(host, { all: true, verbatim: true });

/** Limits and allow list of outbound requests to user-supplied URLs. */
export interface OutboundPolicy {
  /** Host names, addresses or CIDR ranges that may be reached even though private. */
  allowHosts: readonly string[];
  timeoutMs: number;
  maxBytes: number;
  /** Redirects followed, each hop vetted again; 0 follows none. */
  maxRedirects: number;
  resolve?: Resolve;
}

/** A request through guardedFetch. */
export interface GuardedRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** The response of a guarded fetch, read whole within the size limit. */
export interface GuardedResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The URL that answered (after redirects). */
  url: string;
  body: Buffer;
}

/** One vetted destination: the URL and the address the connection is pinned to. */
export interface VettedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

/**
 * Checks a user-supplied URL before anything connects: http or https only, and every address
 * the host resolves to must be public, unless the host or the address is allow-listed.
 */
export async function vetUrl(
  raw: string,
  policy: Pick<OutboundPolicy, "allowHosts" | "resolve">,
): Promise<VettedTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new GuardedFetchError("bad_url", "URL is not valid");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new GuardedFetchError("bad_url", "URL must use http or https");
  if (url.username || url.password)
    throw new GuardedFetchError("bad_url", "URL must not carry credentials");
  const allow = new AllowList(policy.allowHosts);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const hostAllowed = allow.allowsHost(host);
  let addresses: { address: string; family: number }[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    const nameReason = refusedHostReason(host);
    if (nameReason && !hostAllowed)
      throw new GuardedFetchError("refused_address", refusedText("Host", nameReason, host));
    try {
      addresses = await (policy.resolve ?? systemResolve)(host);
    } catch {
      throw new GuardedFetchError("dns_failed", "Host name did not resolve");
    }
    if (addresses.length === 0) throw new GuardedFetchError("dns_failed", "Host has no address");
  }
  if (!hostAllowed) {
    for (const { address } of addresses) {
      const reason = refusedAddressReason(address);
      if (reason && !allow.allowsAddress(address))
        throw new GuardedFetchError("refused_address", refusedText("Address", reason, host));
    }
  }
  const first = addresses[0] as { address: string; family: number };
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** A lookup that answers every name with the vetted address, so DNS cannot change in between. */
function pinnedLookup(target: VettedTarget): LookupFunction {
  return (_host, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

function send(
  target: VettedTarget,
  request: GuardedRequest,
  policy: OutboundPolicy,
  signal: AbortSignal,
): Promise<{ response: IncomingMessage; body: Buffer }> {
  const { url } = target;
  const options: RequestOptions = {
    method: request.method ?? "GET",
    protocol: url.protocol,
    hostname: url.hostname.replace(/^\[|\]$/g, ""),
    port: url.port || undefined,
    path: `${url.pathname}${url.search}`,
    headers: {
      ...request.headers,
      ...(request.body === undefined ? {} : { "content-length": Buffer.byteLength(request.body) }),
    },
    lookup: pinnedLookup(target),
    signal,
  };
  const make = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = make(options, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > policy.maxBytes) {
          response.destroy();
          reject(new GuardedFetchError("too_large", "Response exceeds the size limit"));
          return;
        }
        chunks.push(chunk);
      });
      response.on("end", () => resolve({ response, body: Buffer.concat(chunks) }));
      response.on("error", () =>
        reject(
          signal.aborted
            ? new GuardedFetchError("timeout", "Request timed out")
            : new GuardedFetchError("network", "Connection failed"),
        ),
      );
    });
    req.on("error", () =>
      reject(
        signal.aborted
          ? new GuardedFetchError("timeout", "Request timed out")
          : new GuardedFetchError("network", "Connection failed"),
      ),
    );
    if (request.body !== undefined) req.write(request.body);
    req.end();
  });
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

function lowerCased(headers: Record<string, string> = {}): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}

/** The promise, or a timeout error once the signal fires (DNS lookups take no signal). */
function beforeDeadline<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new GuardedFetchError("timeout", "Request timed out"));
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/**
 * fetch for URLs users supply (push notification URLs, agent card proxies): vets the URL,
 * connects to the vetted address only (no DNS rebinding between check and connect), bounds
 * the whole exchange by policy.timeoutMs and the response by policy.maxBytes, and follows at
 * most policy.maxRedirects redirects, vetting each hop like the first (303, and 301/302 after
 * a POST, continue as GET without a body, as browsers do). Errors never echo the body.
 */
export async function guardedFetch(
  raw: string,
  request: GuardedRequest,
  policy: OutboundPolicy,
): Promise<GuardedResponse> {
  const signal = AbortSignal.timeout(policy.timeoutMs);
  let current = raw;
  let hop: GuardedRequest = { ...request, headers: lowerCased(request.headers) };
  for (let redirects = 0; ; redirects += 1) {
    const target = await beforeDeadline(vetUrl(current, policy), signal);
    const { response, body } = await send(target, hop, policy, signal);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (!redirectStatuses.has(status) || !location) {
      return { status, headers: response.headers, url: target.url.href, body };
    }
    if (redirects >= policy.maxRedirects)
      throw new GuardedFetchError("too_many_redirects", "Too many redirects");
    const next = new URL(location, target.url);
    current = next.href;
    if (next.origin !== target.url.origin)
      hop = { ...hop, headers: headersForOtherOrigin(hop.headers ?? {}) };
    const method = (hop.method ?? "GET").toUpperCase();
    if (status === 303 || ((status === 301 || status === 302) && method === "POST")) {
      const { "content-type": _type, ...headers } = hop.headers ?? {};
      hop = { method: "GET", headers };
    }
  }
}
