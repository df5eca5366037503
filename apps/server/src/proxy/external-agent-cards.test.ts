import { randomBytes } from "node:crypto";
import {
  cardVerificationTexts,
  extensionMessages,
  externalAgentListSchema,
  externalAgentSchema,
  externalExtendedCardSchema,
} from "@a2a-chat/contracts";
import { afterAll, expect, it } from "vitest";
import { a2aClient, inProcessFetch, sendParams, textMessage } from "../test/a2a.js";
import { createTestApp } from "../test/app.js";
import { type CardAgentOptions, cardAgentToken, startCardAgent } from "../test/card-agent.js";
import { describeEachDialect } from "../test/databases.js";
import { taskUser } from "../test/tasks.js";
import { noExtendedCardMessage } from "./extended-card-route.js";

type App = ReturnType<typeof createTestApp>;
const running: { close: () => Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(running.map((agent) => agent.close()));
});

async function agent(options: CardAgentOptions) {
  const started = await startCardAgent(options);
  running.push(started);
  return started;
}

const credentialsKey = randomBytes(32).toString("base64");
const appWith = (db: Parameters<typeof createTestApp>[0]) =>
  createTestApp(db, { config: { outbound: { allowHosts: ["127.0.0.1"], credentialsKey } } });

const request = (app: App, token: string, path: string, init: RequestInit = {}) =>
  app.request(`/api/v1/agents/external${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
  });

const add = (app: App, token: string, body: object) =>
  request(app, token, "", { method: "POST", body: JSON.stringify(body) });

async function added(app: App, token: string, body: object) {
  const res = await add(app, token, body);
  expect(res.status, await res.clone().text()).toBe(201);
  return externalAgentSchema.parse(await res.json());
}

const hostOf = (url: string) => new URL(url).host;
const skillIds = (card: Record<string, unknown>) =>
  (card.skills as { id: string }[]).map((skill) => skill.id);

describeEachDialect("added agents' signed cards, extended cards and extensions", (get) => {
  it("verifies a signed card by the key at its jku, shows 'Verified by <host>', and keeps it", async () => {
    const app = appWith(get());
    const remote = await agent({ signed: true });
    const user = await taskUser(app);
    const token = user.session.access_token;
    const result = await added(app, token, { url: remote.url });
    expect(result.card_verification).toEqual({
      status: "verified",
      host: hostOf(remote.url),
      detail: "",
    });
    expect(cardVerificationTexts.verified(hostOf(remote.url))).toBe(
      `Verified by ${hostOf(remote.url)}`,
    );
    expect(remote.seen.some((r) => r.path === "/.well-known/jwks.json")).toBe(true);
    const list = externalAgentListSchema.parse(await (await request(app, token, "")).json());
    expect(list.data[0]?.card_verification?.status).toBe("verified");
    expect(list.data[0]?.card.description).toBe("Has a card worth checking");
  });

  it("a tampered copy fails with a clear warning, and is shown as received", async () => {
    const app = appWith(get());
    const remote = await agent({
      signed: true,
      tamper: (card) => ({ ...card, description: "Trust me" }),
    });
    const user = await taskUser(app);
    const result = await added(app, user.session.access_token, { url: remote.url });
    expect(result.card_verification).toEqual({
      status: "invalid",
      host: hostOf(remote.url),
      detail: "Signature check failed: this card is not what its signer signed",
    });
    expect(result.card.description).toBe("Trust me");
  });

  it("a key that cannot be fetched is said so, with the reason", async () => {
    const app = appWith(get());
    const remote = await agent({ signed: true, jku: (url) => `${url}/no-keys.json` });
    const user = await taskUser(app);
    const result = await added(app, user.session.access_token, { url: remote.url });
    expect(result.card_verification).toEqual({
      status: "key_unavailable",
      host: hostOf(remote.url),
      detail: `Signature not checked: the signing key could not be fetched: ${remote.url}/no-keys.json answered HTTP 404`,
    });
  });

  it("an unsigned card is marked unsigned", async () => {
    const app = appWith(get());
    const remote = await agent({});
    const user = await taskUser(app);
    const result = await added(app, user.session.access_token, { url: remote.url });
    expect(result.card_verification).toEqual({ status: "unsigned", detail: "" });
  });

  it("fetches the authenticated extended card with the user's credentials, signature checked", async () => {
    const app = appWith(get());
    const remote = await agent({ signed: true, extendedSkills: ["secret-skill"] });
    const user = await taskUser(app);
    const token = user.session.access_token;
    const result = await added(app, token, {
      url: remote.url,
      credentials: { kind: "bearer", token: cardAgentToken },
    });
    expect(result.card.capabilities).toMatchObject({ extendedAgentCard: true });
    expect(skillIds(result.card)).toEqual(["public-skill"]);
    const res = await request(app, token, `/${result.id}/extended-card`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const extended = externalExtendedCardSchema.parse(await res.json());
    expect(skillIds(extended.card)).toEqual(["public-skill", "secret-skill"]);
    expect(extended.card_verification.status).toBe("verified");
    const asked = remote.seen.filter((r) => r.path === "/" && r.headers.authorization);
    expect(asked.at(-1)?.headers.authorization).toBe(`Bearer ${cardAgentToken}`);

    // Another user's id reads as missing.
    const other = await taskUser(app);
    const theirs = await request(app, other.session.access_token, `/${result.id}/extended-card`);
    expect(theirs.status).toBe(404);
  });

  it("without credentials the agent's extended card is its public one; none offered is a 404", async () => {
    const app = appWith(get());
    const remote = await agent({ extendedSkills: ["secret-skill"] });
    const plain = await agent({});
    const user = await taskUser(app);
    const token = user.session.access_token;
    const result = await added(app, token, { url: remote.url });
    const extended = externalExtendedCardSchema.parse(
      await (await request(app, token, `/${result.id}/extended-card`)).json(),
    );
    expect(skillIds(extended.card)).toEqual(["public-skill"]);
    const none = await added(app, token, { url: plain.url });
    const res = await request(app, token, `/${none.id}/extended-card`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toBe(noExtendedCardMessage);
  });

  it("refuses an agent requiring an extension we do not support, and stores nothing", async () => {
    const app = appWith(get());
    const uri = "urn:example:unknown-extension:v1";
    const remote = await agent({ extensions: [{ uri, required: true, description: "Needed" }] });
    const user = await taskUser(app);
    const token = user.session.access_token;
    const res = await add(app, token, { url: remote.url });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string };
    expect(body.message).toBe(extensionMessages.unsupportedRequired([uri]));
    expect(body.message).toBe(
      `This agent requires an extension this client does not support: ${uri}. It cannot be added.`,
    );
    const list = externalAgentListSchema.parse(await (await request(app, token, "")).json());
    expect(list.data).toEqual([]);
  });

  it("lists declared extensions and names the supported ones in A2A-Extensions on calls", async () => {
    const app = appWith(get());
    const supported = "urn:a2a-chat:extension:tools:v1";
    const optional = "urn:example:optional:v1";
    const remote = await agent({
      extensions: [
        { uri: supported, required: true, description: "Tools" },
        { uri: optional, required: false, description: "Nice to have" },
      ],
    });
    const user = await taskUser(app);
    const token = user.session.access_token;
    const result = await added(app, token, { url: remote.url });
    expect((result.card.capabilities as { extensions: unknown }).extensions).toEqual([
      { uri: supported, required: true, description: "Tools" },
      { uri: optional, required: false, description: "Nice to have" },
    ]);
    const contextId = await user.createContext();
    const client = await a2aClient(inProcessFetch(app, token), `external/${result.id}`);
    await client.sendMessage(sendParams(textMessage(contextId, "hi")));
    const call = remote.seen.find((r) => r.path === "/" && r.headers["a2a-extensions"]);
    expect(call?.headers["a2a-extensions"]).toBe(supported);
  });
});
