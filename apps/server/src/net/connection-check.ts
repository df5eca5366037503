import { connect as tcpConnect } from "node:net";
import { checkServerIdentity, connect as tlsConnect } from "node:tls";
import type { ConnectionCheck, ConnectionStep, ConnectionStepName } from "@a2a-chat/contracts";
import { checkAdvice, checkTexts } from "./connection-texts.js";
import {
  GuardedFetchError,
  type OutboundPolicy,
  type VettedTarget,
  vetUrl,
} from "./guarded-fetch.js";

/**
 * The protocol steps of a check, run by the caller's probe (it speaks MCP or A2A with the stored
 * credentials, through the guarded fetch): the names in their order, and a run that reports them
 * up to the first that fails.
 */
export interface ProtocolProbe {
  steps: ConnectionStepName[];
  run: () => Promise<ConnectionStep[]>;
}

export { checkAdvice, checkTexts } from "./connection-texts.js";

/** Why a step failed, in plain words, and what to do about it. */
interface Failure {
  reason: string;
  advice: string;
}

const tcpReasons: Record<string, string> = {
  ECONNREFUSED: "connection refused (nothing listens there)",
  ECONNRESET: "the connection was reset",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  ETIMEDOUT: "timed out",
};

const tlsReasons: Record<string, Failure> = {
  CERT_HAS_EXPIRED: { reason: "the certificate has expired", advice: checkAdvice.tlsExpired },
  CERT_NOT_YET_VALID: {
    reason: "the certificate is not valid yet",
    advice: checkAdvice.tlsExpired,
  },
  DEPTH_ZERO_SELF_SIGNED_CERT: {
    reason: "the certificate is self-signed",
    advice: checkAdvice.tlsUntrusted,
  },
  SELF_SIGNED_CERT_IN_CHAIN: {
    reason: "the certificate chain ends in a self-signed certificate",
    advice: checkAdvice.tlsUntrusted,
  },
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: {
    reason: "the certificate chain cannot be verified",
    advice: checkAdvice.tlsUntrusted,
  },
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: {
    reason: "the certificate's issuer is not trusted",
    advice: checkAdvice.tlsUntrusted,
  },
  ERR_TLS_CERT_ALTNAME_INVALID: {
    reason: "the certificate is for another host name",
    advice: checkAdvice.tlsName,
  },
  ERR_SSL_WRONG_VERSION_NUMBER: {
    reason: "the server does not speak TLS on this port",
    advice: checkAdvice.tlsNotTls,
  },
  EPROTO: { reason: "the server does not speak TLS on this port", advice: checkAdvice.tlsNotTls },
};

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : "";
}

function portOf(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === "https:" ? 443 : 80;
}

function tcpFailure(code: string, fallback: string): Failure {
  return {
    reason: tcpReasons[code] ?? (code || fallback),
    advice: code === "ECONNREFUSED" ? checkAdvice.tcpRefused : checkAdvice.tcpOther,
  };
}

/** Opens (and closes) a TCP connection to the vetted address. */
function openTcp(target: VettedTarget, timeoutMs: number): Promise<Failure | undefined> {
  return new Promise((resolve) => {
    const socket = tcpConnect({ host: target.address, port: portOf(target.url) });
    const done = (failure?: Failure) => {
      socket.destroy();
      resolve(failure);
    };
    socket.setTimeout(timeoutMs, () => done(tcpFailure("ETIMEDOUT", "")));
    socket.once("connect", () => done());
    socket.once("error", (error) => done(tcpFailure(codeOf(error), error.message)));
  });
}

/** A TLS handshake with the vetted address, the certificate checked for the URL's host. */
function handshake(target: VettedTarget, timeoutMs: number): Promise<Failure | undefined> {
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
    const done = (failure?: Failure) => {
      socket.destroy();
      resolve(failure);
    };
    socket.setTimeout(timeoutMs, () => done(tcpFailure("ETIMEDOUT", "")));
    socket.once("secureConnect", () => done());
    socket.once("error", (error) => {
      const code = codeOf(error);
      done(tlsReasons[code] ?? { reason: code || error.message, advice: checkAdvice.tlsOther });
    });
  });
}

function step(name: ConnectionStepName, ok: boolean, detail: string, advice?: string) {
  const found: ConnectionStep = { step: name, ok, detail };
  if (advice) found.advice = advice;
  return found;
}

/** The steps found, then those not tried after a failure. */
export function withSkipped(steps: ConnectionStep[], names: ConnectionStepName[]): ConnectionCheck {
  const tried = new Set(steps.map((s) => s.step));
  return {
    ok: steps.every((s) => s.ok) && names.every((name) => tried.has(name)),
    steps: [
      ...steps,
      ...names
        .filter((name) => !tried.has(name))
        .map((name) => step(name, false, checkTexts.skipped)),
    ],
  };
}

/**
 * The connection doctor: checks, step by step, that a user-added agent or tool server can be
 * reached and used, and says which step failed and what to do. DNS (and the outbound address
 * policy), TCP, TLS (https only) run here; discovery, protocol version, auth and a test call
 * are the caller's probe (it speaks A2A or MCP, through the guarded fetch).
 */
export async function checkConnection(
  raw: string,
  policy: OutboundPolicy,
  probe: ProtocolProbe,
): Promise<ConnectionCheck> {
  const steps: ConnectionStep[] = [];
  const all: ConnectionStepName[] = ["dns", "tcp", "tls", ...probe.steps];
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
    const [reason, advice] =
      error instanceof GuardedFetchError
        ? error.reason === "dns_failed"
          ? [checkTexts.dnsFailed(host), checkAdvice.dnsFailed]
          : error.reason === "refused_address"
            ? [checkTexts.refused(error.message), checkAdvice.refused(host)]
            : [checkTexts.badUrl(error.message), checkAdvice.badUrl]
        : [checkTexts.badUrl(String(error)), checkAdvice.badUrl];
    return withSkipped([step("dns", false, reason, advice)], all);
  }
  steps.push(step("dns", true, checkTexts.dnsOk(host, target.address)));
  const port = portOf(target.url);
  const tcp = await openTcp(target, policy.timeoutMs);
  if (tcp) {
    const detail = checkTexts.tcpFailed(target.address, port, tcp.reason);
    return withSkipped([...steps, step("tcp", false, detail, tcp.advice)], all);
  }
  steps.push(step("tcp", true, checkTexts.tcpOk(target.address, port)));
  if (target.url.protocol === "https:") {
    const tls = await handshake(target, policy.timeoutMs);
    if (tls)
      return withSkipped(
        [...steps, step("tls", false, checkTexts.tlsFailed(tls.reason), tls.advice)],
        all,
      );
    steps.push(step("tls", true, checkTexts.tlsOk(host)));
  } else {
    steps.push(step("tls", true, checkTexts.plainHttp));
  }
  return withSkipped([...steps, ...(await probe.run())], all);
}
