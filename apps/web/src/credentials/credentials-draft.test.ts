import { describe, expect, it } from "vitest";
import { credentialTexts, draftToCredentials, emptyDraft } from "./credentials-draft.js";

describe("draftToCredentials", () => {
  it("builds each kind from its fields, trimmed", () => {
    expect(draftToCredentials(emptyDraft())).toEqual({ credentials: { kind: "none" } });
    expect(draftToCredentials({ ...emptyDraft("bearer"), token: " t " })).toEqual({
      credentials: { kind: "bearer", token: "t" },
    });
    expect(draftToCredentials({ ...emptyDraft("api_key"), value: "k" })).toEqual({
      credentials: { kind: "api_key", header: "X-API-Key", value: "k" },
    });
    expect(
      draftToCredentials({
        ...emptyDraft("headers"),
        headers: [
          { name: "X-One", value: "1" },
          { name: "", value: "" },
        ],
      }),
    ).toEqual({ credentials: { kind: "headers", headers: { "X-One": "1" } } });
    expect(draftToCredentials(emptyDraft("oauth"))).toEqual({ credentials: { kind: "oauth" } });
    expect(
      draftToCredentials({
        ...emptyDraft("oauth"),
        clientId: " app-1 ",
        clientSecret: "s3cret",
        scope: " read write ",
      }),
    ).toEqual({
      credentials: {
        kind: "oauth",
        client_id: "app-1",
        client_secret: "s3cret",
        scope: "read write",
      },
    });
  });

  it("names what is missing", () => {
    expect(draftToCredentials(emptyDraft("bearer"))).toEqual({
      error: credentialTexts.tokenRequired,
    });
    expect(draftToCredentials({ ...emptyDraft("api_key"), header: "bad header" })).toEqual({
      error: credentialTexts.headerRequired,
    });
    expect(draftToCredentials(emptyDraft("api_key"))).toEqual({
      error: credentialTexts.valueRequired,
    });
    expect(draftToCredentials(emptyDraft("headers"))).toEqual({
      error: credentialTexts.headersRequired,
    });
    expect(
      draftToCredentials({ ...emptyDraft("headers"), headers: [{ name: "X-A", value: "" }] }),
    ).toEqual({ error: credentialTexts.headerIncomplete });
    expect(draftToCredentials({ ...emptyDraft("oauth"), clientSecret: "s" })).toEqual({
      error: credentialTexts.secretWithoutClient,
    });
  });

  it("builds client credentials with a secret or a private key, and names what they lack", () => {
    const machine = { ...emptyDraft("oauth"), grant: "client_credentials" as const };
    expect(draftToCredentials({ ...machine, clientId: " m ", clientSecret: "s" })).toEqual({
      credentials: {
        kind: "oauth",
        grant: "client_credentials",
        client_id: "m",
        client_secret: "s",
      },
    });
    const pem = "-----BEGIN PRIVATE KEY-----\nx\n-----END PRIVATE KEY-----";
    expect(
      draftToCredentials({
        ...machine,
        clientId: "m",
        privateKey: ` ${pem} `,
        signingAlg: "RS256",
      }),
    ).toEqual({
      credentials: {
        kind: "oauth",
        grant: "client_credentials",
        client_id: "m",
        private_key: pem,
        signing_alg: "RS256",
      },
    });
    // A key typed under the browser grant is not sent.
    expect(draftToCredentials({ ...emptyDraft("oauth"), clientId: "m", privateKey: pem })).toEqual({
      credentials: { kind: "oauth", client_id: "m" },
    });
    expect(draftToCredentials({ ...machine, clientSecret: "s" })).toEqual({
      error:
        "Client credentials need the client ID the authorization server registered for this site",
    });
    expect(draftToCredentials({ ...machine, clientId: "m" })).toEqual({
      error: "Client credentials need a client secret or a private key",
    });
    expect(
      draftToCredentials({ ...machine, clientId: "m", clientSecret: "s", privateKey: pem }),
    ).toEqual({ error: "Give a client secret or a private key, not both" });
  });

  it("builds cross-app access from the identity provider's fields, or says what it needs", () => {
    const crossApp = { ...emptyDraft("oauth"), grant: "cross_app_access" as const };
    const filled = {
      ...crossApp,
      clientId: "c",
      clientSecret: "s",
      idpTokenEndpoint: " https://idp.example.com/token ",
      idpClientId: "chat",
      idToken: "eyJ.x.y",
    };
    expect(draftToCredentials(filled)).toEqual({
      credentials: {
        kind: "oauth",
        grant: "cross_app_access",
        client_id: "c",
        client_secret: "s",
        idp_token_endpoint: "https://idp.example.com/token",
        idp_client_id: "chat",
        id_token: "eyJ.x.y",
      },
    });
    expect(draftToCredentials({ ...filled, idToken: "" })).toEqual({
      error:
        "Cross-app access needs the identity provider's token endpoint and client ID, an ID token from it, and the client ID and secret this server's authorization server registered",
    });
  });
});
