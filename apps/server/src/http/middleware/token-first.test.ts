import { invalidTokenMessage } from "@a2a-chat/contracts";
import { expect, it } from "vitest";
import type { ConfigInput } from "../../config/schema.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { anonymousSession, bearer } from "../../test/tokens.js";

const json = { "content-type": "application/json" };
const malformed = '{"name": ';
const unauthorized = { error: "unauthorized", message: invalidTokenMessage };
const tooDeep = {
  error: "json_too_complex",
  message: "Request body nests arrays and objects deeper than 64 levels",
};

/** A context-create body whose name field holds `levels - 1` nested arrays (the body is level 1). */
const nested = (levels: number) => `{"name":${"[".repeat(levels - 1)}${"]".repeat(levels - 1)}}`;

describeEachDialect("the token is checked before the body is read", (get) => {
  const app = (config: ConfigInput = {}) => createTestApp(get(), { config });
  const create = (target: ReturnType<typeof app>, headers: Record<string, string>, body: string) =>
    target.request("/api/v1/core/contexts", { method: "POST", headers, body });

  it("answers a write without a token 401, its malformed body never parsed", async () => {
    const res = await create(app(), json, malformed);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual(unauthorized);
    // Neither its type nor its nesting is looked at.
    const untyped = await create(app(), { "content-type": "text/html" }, nested(100_000));
    expect(untyped.status).toBe(401);
  });

  it("answers a write whose token does not verify 401 before reading its body", async () => {
    const res = await create(app(), { ...json, ...bearer("not.a.token") }, malformed);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual(unauthorized);
  });

  it("answers 429 past the per-IP limit, with or without a token, before reading the body", async () => {
    const limited = app({ rateLimit: { publicRequestsPerIp: 2 } });
    const badToken = { ...json, ...bearer("not.a.token") };
    expect((await create(limited, badToken, malformed)).status).toBe(401);
    expect((await create(limited, badToken, malformed)).status).toBe(401);
    const over = await create(limited, badToken, malformed);
    expect(over.status).toBe(429);
    expect(((await over.json()) as { error: string }).error).toBe("rate_limited");
    const anonymous = await create(limited, json, malformed);
    expect(anonymous.status).toBe(429);
  });

  it("still reads a valid token's body: malformed JSON is 400 invalid_json", async () => {
    const target = app();
    const { access_token } = await anonymousSession(target);
    const res = await create(target, { ...json, ...bearer(access_token) }, malformed);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: "invalid_json",
      message: "Request body is not valid JSON",
    });
  });

  it("refuses a body nested past 64 levels with 400 json_too_complex, and takes 64", async () => {
    const target = app();
    const { access_token } = await anonymousSession(target);
    const headers = { ...json, ...bearer(access_token) };
    const deep = await create(target, headers, nested(65));
    expect(deep.status).toBe(400);
    expect(await deep.json()).toEqual(tooDeep);
    // 64 levels pass the shape check; the name is then refused for not being text.
    const allowed = await create(target, headers, nested(64));
    expect(allowed.status).toBe(400);
    expect(((await allowed.json()) as { error: string }).error).toBe("validation_failed");
    // Brackets inside strings (escaped quotes too) are text, not nesting.
    const name = `\\"${"[".repeat(60)}`;
    const text = await create(target, headers, `{"name":"${name}"}`);
    expect(text.status).toBe(201);
    const list = await target.request("/api/v1/core/contexts", { headers: bearer(access_token) });
    const items = (await list.json()) as { name: string }[];
    expect(items.map((item) => item.name)).toEqual([`"${"[".repeat(60)}`]);
  });

  it("answers a deep body on an agent's JSON-RPC endpoint with JSON-RPC error -32600", async () => {
    const target = app();
    const { access_token } = await anonymousSession(target);
    const res = await target.request("/api/v1/agents/assistant", {
      method: "POST",
      headers: { ...json, ...bearer(access_token), "a2a-version": "1.0" },
      body: `{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":${nested(64)}}`,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32600, message: tooDeep.message },
    });
  });

  it("refuses a body with more JSON values than server.bodyMaxJsonValues", async () => {
    const target = app({ server: { bodyMaxJsonValues: 100 } });
    const { access_token } = await anonymousSession(target);
    const headers = { ...json, ...bearer(access_token) };
    // The body, its two members and 97 elements: 100 values.
    const body = (elements: number) =>
      JSON.stringify({ name: "Chat", extra: Array.from({ length: elements }, () => 0) });
    const over = await create(target, headers, body(98));
    expect(over.status).toBe(400);
    expect(await over.json()).toEqual({
      error: "json_too_complex",
      message: "Request body holds more than 100 JSON values (array elements and object members)",
    });
    expect((await create(target, headers, body(97))).status).not.toBe(400);
  });

  it("bounds a public write's body to 64 KiB and its nesting to 64 levels", async () => {
    const target = app();
    const beacon = (body: string) =>
      target.request("/api/v1/blog/events/view", { method: "POST", headers: json, body });
    const big = await beacon(JSON.stringify({ content_id: "x".repeat(65_536) }));
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({
      error: "payload_too_large",
      message: "Request body is larger than the limit of 65536 bytes",
    });
    const deep = await beacon(nested(65));
    expect(deep.status).toBe(400);
    expect(await deep.json()).toEqual(tooDeep);
  });
});
