import { connect as tcpConnect } from "node:net";
import { checkServerIdentity, connect as tlsConnect } from "node:tls";
import type { ConnectionCheck, ConnectionStep } from "@a2a-chat/contracts";
import {
  GuardedFetchError,
  type OutboundPolicy,
  type VettedTarget,
  vetUrl,
} from "./guarded-fetch.js";

/** What the HTTP and protocol steps found, reported by the caller's protocol probe. */
export type ProbeOutcome =
  | { ok: true; http: string; detail: string }
  | { ok: false; step: "http" | "protocol"; detail: string };

/** Texts of the connection check, one per step and outcome. */
export const checkTexts = {
  badUrl: (reason: string) => `The URL cannot be used: ${reason}`,
  dnsOk: (host: string, address: string) => `${host} resolves to ${address}`,
  dnsFailed: (host: string) => `${host} did not resolve (no DNS answer)`,
  /** The refusal names the setting that would allow the host (see refusedText). */
  refused: (reason: string) => reason,
  tcpOk: (address: string, port: number) => `Connected to ${address} port ${port}`,
  tcpFailed: (address: string, port: number, reason: string) =>
    `Could not connect to ${address} port ${port}: ${reason}`,
  tlsOk: (host: string) => `The certificate is valid for ${host}`,
  tlsFailed: (reason: string) => `TLS failed: ${reason}`,
  plainHttp: "Plain http: no TLS (allowed for this local address only)",
  skipped: "Not tried: an earlier step failed",
  httpAnswered: "The server answered over HTTP",
  httpStatus: (status: number, hint: string) => `The server answered HTTP ${status}${hint}`,
} as const;

const tcpReasons: Record<string, string> = {
  ECONNREFUSED: "connection refused (nothing listens there)",
  ECONNRESET: "the connection was reset",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  ETIMEDOUT: "timed out",
};

const tlsReasons: Record<string, string> = {
  CERT_HAS_EXPIRED: "the certificate has expired",
  CERT_NOT_YET_VALID: "the certificate is not valid yet",
  DEPTH_ZERO_SELF_SIGNED_CERT: "the certificate is self-signed",
  SELF_SIGNED_CERT_IN_CHAIN: "the certificate chain ends in a self-signed certificate",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "the certificate chain cannot be verified",
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: "the certificate's issuer is not trusted",
  ERR_TLS_CERT_ALTNAME_INVALID: "the certificate is for another host name",
  ERR_SSL_WRONG_VERSION_NUMBER: "the server does not speak TLS on this port",
  EPROTO: "the server does not speak TLS on this port",
};

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : "";
}

function portOf(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === "https:" ? 443 : 80;
}

/** Opens (and closes) a TCP connection to the vetted address. */
function openTcp(target: VettedTarget, timeoutMs: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = tcpConnect({ host: target.address, port: portOf(target.url) });
    const done = (reason?: string) => {
      socket.destroy();
      resolve(reason);
    };
    socket.setTimeout(timeoutMs, () => done(tcpReasons.ETIMEDOUT));
    socket.once("connect", () => done());
    socket.once("error", (error) => {
      const code = codeOf(error);
      done(tcpReasons[code] ?? (code || error.message));
    });
  });
}

/** A TLS handshake with the vetted address, the certificate checked for the URL's host. */
function handshake(target: VettedTarget, timeoutMs: number): Promise<string | undefined> {
  const host = target.url.hostname.replace(/^\[|\]$/g, "");
  return new Promise((resolve) => {
    const socket = tlsConnect({
      host: target.address,
      port: portOf(target.url),
      // SNI takes names only.
      ...(/^[\d.]+$|:/.test(host) ? {} : { servername: host }),
      // Checked against the URL's host, not the address connected to.
      checkServerIdentity: (_name, cert) => checkServerIdentity(host, cert),
    });
    const done = (reason?: string) => {
      socket.destroy();
      resolve(reason);
    };
    socket.setTimeout(timeoutMs, () => done(tcpReasons.ETIMEDOUT));
    socket.once("secureConnect", () => done());
    socket.once("error", (error) => {
      const code = codeOf(error);
      done(tlsReasons[code] ?? (code || error.message));
    });
  });
}

function step(name: ConnectionStep["step"], ok: boolean, detail: string): ConnectionStep {
  return { step: name, ok, detail };
}

function skippedAfter(steps: ConnectionStep[], names: ConnectionStep["step"][]): ConnectionCheck {
  return {
    ok: false,
    steps: [...steps, ...names.map((name) => step(name, false, checkTexts.skipped))],
  };
}

/**
 * Checks, step by step, that a user-added agent or tool server can be reached, and says which step
 * failed: DNS (and the outbound address policy), TCP, TLS (https only), then the HTTP status and
 * the protocol, which the caller's probe reports (it speaks MCP or A2A with the stored
 * credentials, through the guarded fetch).
 */
export async function checkConnection(
  raw: string,
  policy: OutboundPolicy,
  probe: () => Promise<ProbeOutcome>,
): Promise<ConnectionCheck> {
  const steps: ConnectionStep[] = [];
  const later: ConnectionStep["step"][] = ["tcp", "tls", "http", "protocol"];
  let target: VettedTarget;
  let host = raw;
  try {
    host = new URL(raw).hostname.replace(/^\[|\]$/g, "");
  } catch {
    // vetUrl says why.
  }
  try {
    target = await vetUrl(raw, policy);
  } catch (error) {
    const reason =
      error instanceof GuardedFetchError
        ? error.reason === "dns_failed"
          ? checkTexts.dnsFailed(host)
          : error.reason === "refused_address"
            ? checkTexts.refused(error.message)
            : checkTexts.badUrl(error.message)
        : checkTexts.badUrl(String(error));
    return skippedAfter([step("dns", false, reason)], later);
  }
  steps.push(step("dns", true, checkTexts.dnsOk(host, target.address)));
  const port = portOf(target.url);
  const tcpFailure = await openTcp(target, policy.timeoutMs);
  if (tcpFailure)
    return skippedAfter(
      [...steps, step("tcp", false, checkTexts.tcpFailed(target.address, port, tcpFailure))],
      ["tls", "http", "protocol"],
    );
  steps.push(step("tcp", true, checkTexts.tcpOk(target.address, port)));
  if (target.url.protocol === "https:") {
    const tlsFailure = await handshake(target, policy.timeoutMs);
    if (tlsFailure)
      return skippedAfter(
        [...steps, step("tls", false, checkTexts.tlsFailed(tlsFailure))],
        ["http", "protocol"],
      );
    steps.push(step("tls", true, checkTexts.tlsOk(host)));
  } else {
    steps.push(step("tls", true, checkTexts.plainHttp));
  }
  const outcome = await probe();
  if (outcome.ok) {
    steps.push(step("http", true, outcome.http), step("protocol", true, outcome.detail));
    return { ok: true, steps };
  }
  if (outcome.step === "http")
    return skippedAfter([...steps, step("http", false, outcome.detail)], ["protocol"]);
  steps.push(step("http", true, checkTexts.httpAnswered), step("protocol", false, outcome.detail));
  return { ok: false, steps };
}
