import { nulCharacterMessage } from "@a2a-chat/contracts";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { internalErrorMessage } from "../agents/safe-request-handler.js";
import { a2aClient, inProcessFetch, sendParams, textMessage } from "../test/a2a.js";
import { createTestApp } from "../test/app.js";
import { describeEachDialect } from "../test/databases.js";
import { taskUser } from "../test/tasks.js";
import { containsNul, urlContainsNul } from "./contains-nul.js";

describe("containsNul", () => {
  it("finds NUL in strings and keys at any depth, and nothing else", () => {
    expect(containsNul({ a: [{ b: "x\u0000" }] })).toBe(true);
    expect(containsNul({ "k\u0000": 1 })).toBe(true);
    expect(containsNul(["\u0000"])).toBe(true);
    expect(containsNul({ a: ["\\u0000", 0, null, true, { b: "%00" }] })).toBe(false);
    let deep: unknown = "\u0000";
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(containsNul(deep)).toBe(true);
  });

  it("finds NUL in URLs, raw or percent-encoded, but not an encoded percent sign", () => {
    expect(urlContainsNul("http://x/api/v1/core/contexts/%00")).toBe(true);
    expect(urlContainsNul("http://x/api/v1/core/tasks?status=a%00b")).toBe(true);
    expect(urlContainsNul("http://x/a\u0000")).toBe(true);
    expect(urlContainsNul("http://x/api/v1/core/tasks?q=%2500")).toBe(false);
  });
});

describeEachDialect("NUL characters and internal errors at the edge", (get) => {
  it("refuses NUL in ids, names and query values with 400, and changes nothing", async () => {
    const app = createTestApp(get());
    const user = await taskUser(app);
    const contextId = await user.createContext("Kept");
    const refused = { error: "validation_failed", message: nulCharacterMessage };
    const send = (path: string, method = "GET", body?: unknown) =>
      app.request(`/api/v1/core${path}`, {
        method,
        headers: { ...user.headers, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    for (const [path, method, body] of [
      ["/contexts/%00", "GET"],
      [`/contexts/${contextId}%00`, "GET"],
      ["/tasks/a%00b", "GET"],
      ["/tasks?status=working%00", "GET"],
      ["/artifacts?limit=1%00", "GET"],
      [`/contexts/${contextId}/tasks?before=%00`, "GET"],
      [`/contexts/${contextId}`, "PUT", { name: "a\u0000b" }],
      ["/contexts", "POST", { name: "\u0000" }],
      [`/contexts/${contextId}/notifications`, "POST", { "k\u0000": 1 }],
    ] as [string, string, unknown?][]) {
      const res = await send(path, method, body);
      expect({ path, status: res.status, body: await res.json() }).toEqual({
        path,
        status: 400,
        body: refused,
      });
    }
    const list = (await (await send("/contexts")).json()) as { name: string }[];
    expect(list.map((c) => c.name)).toEqual(["Kept"]);
  });

  it("answers A2A calls that fail inside the server without the internal error text", async () => {
    const database = get();
    const app = createTestApp(database);
    const user = await taskUser(app);
    const contextId = await user.createContext();
    const client = await a2aClient(inProcessFetch(app, user.session.access_token), "assistant");
    const sent = await client.sendMessage(sendParams(textMessage(contextId, "hello")));
    if (!("id" in sent)) throw new Error("expected a task");
    // Break the storage under the running server: every task query now fails in the database.
    await sql`alter table messages rename to messages_gone`.execute(database.db.kysely);
    try {
      const failure = await client
        .getTask({ tenant: "", id: sent.id, historyLength: undefined })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(failure).toBeInstanceOf(Error);
      expect((failure as Error).message).toBe(internalErrorMessage);
      const res = await app.request(`/api/v1/core/tasks/${sent.id}`, { headers: user.headers });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({
        error: "internal_error",
        message: "Internal server error",
      });
    } finally {
      await sql`alter table messages_gone rename to messages`.execute(database.db.kysely);
    }
  });
});
