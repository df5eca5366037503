import { agentSignInMessages } from "@a2a-chat/contracts";
import { afterAll, expect, it } from "vitest";
import { type ReceivedRequest, startTestAgent } from "../test/a2a-test-agent.js";
import { makeApp, refuseUnless, userOf } from "../test/agent-sign-in-user.js";
import { describeEachDialect } from "../test/databases.js";

/**
 * Signing in to an added agent with its card's API key and HTTP schemes, against real
 * @a2a-js/sdk agents on loopback that refuse calls without them; what cannot be signed in with;
 * and no credentials to another origin.
 */

const closers: { close: () => Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(closers.map((c) => c.close()));
});

describeEachDialect("sign-in to an added agent with its card's keys", (get) => {
  for (const location of ["header", "query", "cookie"] as const) {
    it(`signs in with an API key in the ${location}, as the card declares`, async () => {
      const app = makeApp(get());
      const carries = (r: ReceivedRequest) =>
        location === "header"
          ? r.headers["x-agent-key"] === "k3y"
          : location === "query"
            ? new URL(r.path, "http://x").searchParams.get("agent_key") === "k3y"
            : r.headers.cookie === "agent_key=k3y";
      const agent = await startTestAgent({
        editCard: (card) => ({
          ...card,
          securitySchemes: {
            key: {
              apiKeySecurityScheme: {
                location,
                name: location === "header" ? "X-Agent-Key" : "agent_key",
              },
            },
          },
        }),
        intercept: refuseUnless(carries),
      });
      closers.push(agent);
      const user = await userOf(app);
      const added = await user.add(agent.url);
      const missing = await user.signIn(added.id, { scheme: "key" });
      expect(await missing.json()).toEqual({
        error: "validation_failed",
        message: agentSignInMessages.valueRequired("key"),
      });
      const unknown = await user.signIn(added.id, { scheme: "nope", value: "x" });
      expect(await unknown.json()).toEqual({
        error: "validation_failed",
        message: agentSignInMessages.unknownScheme("nope"),
      });
      const ok = await user.signIn(added.id, { scheme: "key", value: "k3y" });
      expect(await ok.json()).toEqual({ status: "signed_in" });
      expect((await user.listed(added.id))?.credentials_kind).toBe("api_key");
      expect(await user.send(added.id)).toEqual(["completed"]);
      const posts = agent.received.filter((r) => r.method === "POST");
      expect(posts.length).toBeGreaterThan(0);
      expect(posts.every(carries)).toBe(true);
    });
  }

  it("refuses what it cannot sign in with, in plain words, keeping what was stored", async () => {
    const app = makeApp(get());
    const agent = await startTestAgent({
      editCard: (card, url) => ({
        ...card,
        securitySchemes: {
          basic: { httpAuthSecurityScheme: { scheme: "basic" } },
          tls: { mtlsSecurityScheme: {} },
          lost: {
            oauth2SecurityScheme: {
              flows: { authorizationCode: { scopes: {} } },
              oauth2MetadataUrl: `${url}/no-metadata-here`,
            },
          },
        },
      }),
    });
    closers.push(agent);
    const user = await userOf(app);
    const added = await user.add(agent.url);
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ scheme: "tls" }, "validation_failed", agentSignInMessages.unsupported("tls")],
      [
        { scheme: "basic", username: "ann" },
        "validation_failed",
        agentSignInMessages.basicRequired,
      ],
    ];
    for (const [body, error, message] of refusals) {
      const res = await user.signIn(added.id, body);
      expect(await res.json()).toEqual({ error, message });
    }
    expect(
      await (
        await user.signIn(added.id, { scheme: "basic", username: "ann", password: "pw" })
      ).json(),
    ).toEqual({ status: "signed_in" });
    const lost = await user.signIn(added.id, { scheme: "lost" });
    expect(lost.status).toBe(400);
    expect(await lost.json()).toEqual({
      error: "bad_request",
      message: agentSignInMessages.discoveryFailed(
        `${agent.url}/no-metadata-here answered HTTP 404`,
      ),
    });
    // The basic credentials stored before are still there and still used.
    expect((await user.listed(added.id))?.credentials_kind).toBe("basic");
    expect(await user.send(added.id)).toEqual(["completed"]);
  });

  it("never sends the credentials to another origin the agent redirects to", async () => {
    const app = makeApp(get());
    const elsewhere = await startTestAgent();
    closers.push(elsewhere);
    const agent = await startTestAgent({
      editCard: (card) => ({
        ...card,
        securitySchemes: {
          basic: { httpAuthSecurityScheme: { scheme: "basic" } },
          key: { apiKeySecurityScheme: { location: "cookie", name: "agent_key" } },
        },
      }),
      intercept: (request, res) => {
        if (!request.headers.authorization) return refuseUnless(() => false)(request, res);
        res.writeHead(307, { location: elsewhere.url });
        res.end();
        return true;
      },
    });
    closers.push(agent);
    const user = await userOf(app);
    const added = await user.add(agent.url);
    const basic = await user.signIn(added.id, { scheme: "basic", username: "ann", password: "pw" });
    expect(await basic.json()).toEqual({ status: "signed_in" });
    expect((await user.listed(added.id))?.credentials_kind).toBe("basic");
    await user.send(added.id).catch(() => []);
    const sent = agent.received.filter((r) => r.method === "POST");
    expect(sent.length).toBeGreaterThan(0);
    expect(sent[0]?.headers.authorization).toBe(
      `Basic ${Buffer.from("ann:pw").toString("base64")}`,
    );
    const followed = elsewhere.received.filter((r) => r.method === "POST");
    expect(followed.length).toBeGreaterThan(0);
    expect(followed.every((r) => r.headers.authorization === undefined)).toBe(true);
  });
});
