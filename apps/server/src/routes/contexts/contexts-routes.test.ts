import { contextRecordSchema } from "@a2a-chat/contracts";
import { expect, it } from "vitest";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { anonymousSession, bearer } from "../../test/tokens.js";

describeEachDialect("/api/v1/core/contexts", (get) => {
  async function user() {
    const app = createTestApp(get());
    const { access_token } = await anonymousSession(app);
    const headers = { ...bearer(access_token), "content-type": "application/json" };
    const call = (path: string, method = "GET", body?: unknown) =>
      app.request(`/api/v1/core/contexts${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const create = async (name: string) => {
      const res = await call("", "POST", { name });
      expect(res.status).toBe(201);
      return contextRecordSchema.parse(await res.json());
    };
    const list = async () => contextRecordSchema.array().parse(await (await call("")).json());
    return { call, create, list };
  }

  it("creates, lists (newest first), reads, renames and deletes", async () => {
    const u = await user();
    expect(await u.list()).toEqual([]);
    const first = await u.create("  First  ");
    expect(first).toMatchObject({
      name: "First",
      message_count: 0,
      task_count: 0,
      last_message_at: null,
    });
    await new Promise((r) => setTimeout(r, 5));
    const second = await u.create("Second");
    expect((await u.list()).map((c) => c.name)).toEqual(["Second", "First"]);

    const read = await u.call(`/${first.context_id}`);
    expect(await read.json()).toEqual(first);

    await new Promise((r) => setTimeout(r, 5));
    const renamed = await u.call(`/${first.context_id}`, "PUT", { name: "Renamed" });
    expect(renamed.status).toBe(200);
    const body = contextRecordSchema.parse(await renamed.json());
    expect(body.name).toBe("Renamed");
    expect(body.updated_at > first.updated_at).toBe(true);
    expect((await u.list()).map((c) => c.name)).toEqual(["Renamed", "Second"]);

    const deleted = await u.call(`/${second.context_id}`, "DELETE");
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe("");
    expect((await u.list()).map((c) => c.context_id)).toEqual([first.context_id]);
  });

  it("pages through the list with the Link header's cursor, each user seeing only their own", async () => {
    const u = await user();
    const created = [];
    for (const name of ["a", "b", "c", "d", "e"]) created.push(await u.create(name));
    const whole = (await u.list()).map((c) => c.context_id);
    expect(new Set(whole)).toEqual(new Set(created.map((c) => c.context_id)));
    const paged: string[] = [];
    let next: string | null = "?limit=2";
    while (next) {
      const res = await u.call(next);
      const page = contextRecordSchema.array().parse(await res.json());
      expect(page.length).toBeLessThanOrEqual(2);
      paged.push(...page.map((c) => c.context_id));
      next =
        /<\/api\/v1\/core\/contexts([^>]*)>; rel="next"/.exec(res.headers.get("link") ?? "")?.[1] ??
        null;
    }
    expect(paged).toEqual(whole);
    const other = await user();
    expect(await other.list()).toEqual([]);
    expect(await (await other.call("?limit=2")).json()).toEqual([]);
  });

  it("refuses to delete the last conversation", async () => {
    const u = await user();
    const only = await u.create("Only");
    const res = await u.call(`/${only.context_id}`, "DELETE");
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: "conflict",
      message: "Cannot delete last context - system must always have at least one context",
    });
    expect(await u.list()).toHaveLength(1);
  });

  it("validates names with clear errors and writes nothing", async () => {
    const u = await user();
    const cases: [unknown, string][] = [
      [{}, "name is required"],
      [{ name: 42 }, "name must be a string"],
      [{ name: "" }, "name must not be empty"],
      [{ name: "   " }, "name must not be empty"],
      [{ name: "x".repeat(201) }, "name must be at most 200 characters"],
      [[], "Body must be a JSON object"],
    ];
    for (const [body, message] of cases) {
      const res = await u.call("", "POST", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toEqual({ error: "validation_failed", message });
    }
    const noBody = await u.call("", "POST");
    expect(await noBody.json()).toEqual({
      error: "validation_failed",
      message: "Body must be a JSON object",
    });
    expect(await u.list()).toEqual([]);
    const ok = await u.create("x".repeat(200));
    const rename = await u.call(`/${ok.context_id}`, "PUT", { name: " " });
    expect(rename.status).toBe(400);
    expect((await u.list())[0]?.name).toBe("x".repeat(200));
  });

  it("hides every conversation from other users behind a 404", async () => {
    const alice = await user();
    const bob = await user();
    const secret = await alice.create("Alice's plans");
    await alice.create("Another");
    await bob.create("Bob's");
    for (const [method, body] of [["GET"], ["PUT", { name: "pwned" }], ["DELETE"]] as const) {
      const res = await bob.call(`/${secret.context_id}`, method, body);
      expect(res.status, method).toBe(404);
      expect(await res.json()).toEqual({ error: "not_found", message: "Context not found" });
    }
    const unknown = await bob.call("/00000000-0000-4000-8000-000000000000");
    expect(await unknown.json()).toEqual({ error: "not_found", message: "Context not found" });
    expect((await bob.list()).map((c) => c.name)).toEqual(["Bob's"]);
    expect((await alice.list()).find((c) => c.context_id === secret.context_id)?.name).toBe(
      "Alice's plans",
    );
  });

  it("needs a valid token", async () => {
    const res = await createTestApp(get()).request("/api/v1/core/contexts");
    expect(res.status).toBe(401);
  });
});
