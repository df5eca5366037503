import { generateKeyPairSync, randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { SignJWT } from "jose";

/**
 * An enterprise identity provider's token endpoint for cross-app access (SEP-990): it takes the
 * ID token it issued (`idToken`) by RFC 8693 token exchange and answers an identity assertion
 * JWT authorization grant (ID-JAG, ES256, typ oauth-id-jag+jwt) for the audience and resource
 * asked, naming `clientId` (this site's client at that authorization server). Each exchange's
 * form is recorded.
 */
export async function startIdentityProvider(options: { clientId: string }) {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const idToken = `id-token-${randomUUID()}`;
  const exchanges: Record<string, string>[] = [];
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", async () => {
      const form = Object.fromEntries(new URLSearchParams(raw));
      exchanges.push(form);
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (
        req.url !== "/token" ||
        form.grant_type !== "urn:ietf:params:oauth:grant-type:token-exchange" ||
        form.requested_token_type !== "urn:ietf:params:oauth:token-type:id-jag" ||
        form.subject_token_type !== "urn:ietf:params:oauth:token-type:id_token" ||
        !form.audience ||
        !form.resource
      )
        return reply(400, { error: "invalid_request" });
      if (form.subject_token !== idToken) return reply(400, { error: "invalid_grant" });
      const grant = await new SignJWT({ client_id: options.clientId, resource: form.resource })
        .setProtectedHeader({ alg: "ES256", typ: "oauth-id-jag+jwt" })
        .setIssuer(origin)
        .setSubject("user@example.com")
        .setAudience(form.audience)
        .setIssuedAt()
        .setExpirationTime("5m")
        .sign(privateKey);
      reply(200, {
        access_token: grant,
        issued_token_type: "urn:ietf:params:oauth:token-type:id-jag",
        token_type: "N_A",
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    tokenEndpoint: `${origin}/token`,
    idToken,
    publicKey,
    exchanges,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
