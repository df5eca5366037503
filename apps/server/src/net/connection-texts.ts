import { allowHostsSetting } from "./guarded-fetch.js";

/** Texts of the connection doctor's network steps, one per step and outcome. */
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
  httpStatus: (status: number, hint: string) => `The server answered HTTP ${status}${hint}`,
} as const;

/** What to do when a network step fails. */
export const checkAdvice = {
  badUrl: "Enter the full address, starting with https:// (or http:// for a local server).",
  dnsFailed:
    "Check the host name for typos. A name only your own network knows must also resolve on this server.",
  refused: (host: string) =>
    `If you trust ${host}, ask this server's administrator to add it to ${allowHostsSetting} and restart the server; otherwise use the server's public address.`,
  tcpRefused:
    "Check the port in the URL and that the server is running and listening on an address this server can reach.",
  tcpOther:
    "Check the host and port, and that no firewall between this server and it drops the connection.",
  tlsUntrusted:
    "Give the server a certificate from a public authority (Let's Encrypt, for example), or start this server with NODE_EXTRA_CA_CERTS naming your own authority.",
  tlsName:
    "Use the host name the certificate was issued for, or issue a certificate that names this host.",
  tlsExpired: "Renew the server's certificate (or check the clock of either machine).",
  tlsNotTls: "Use http:// for this port, or the port on which the server serves https.",
  tlsOther: "Check the server's TLS set-up: its certificate, chain and protocol versions.",
} as const;
