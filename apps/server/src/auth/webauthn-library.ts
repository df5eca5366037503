/**
 * @simplewebauthn/server, loaded at the first passkey ceremony: its memory (with its ASN.1 and
 * X.509 parsers) and its share of start-up are paid only by a server that sees one.
 */
export function webauthnLibrary(): Promise<typeof import("@simplewebauthn/server")> {
  return import("@simplewebauthn/server");
}
