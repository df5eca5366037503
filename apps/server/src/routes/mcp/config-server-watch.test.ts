import { EventSourceParserStream } from "eventsource-parser/stream";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { type EverythingProcess, startEverything } from "../../test/everything.js";
import { startNotifyingMcp } from "../../test/notifying-mcp.js";
import { anonymousSession, bearer } from "../../test/tokens.js";

/**
 * The watch (log, resource updates, list changes) of the MCP servers the config file lists, at
 * /api/v1/mcp/{name}/watch, against the real server-everything and a server that announces
 * list changes: the same stream the servers users add have.
 */

let everything: EverythingProcess;
let notifying: Awaited<ReturnType<typeof startNotifyingMcp>>;
beforeAll(async () => {
  [everything, notifying] = await Promise.all([startEverything(), startNotifyingMcp()]);
}, 30_000);
afterAll(async () => {
  await Promise.all([everything?.stop(), notifying?.close()]);
});

function eventsOf(res: Response) {
  return (res.body as ReadableStream<Uint8Array>)
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream())
    .getReader();
}

const doc = "demo://resource/static/document/features.md";

describeEachDialect("the watch of a config-listed MCP server", (get) => {
  const setup = async () => {
    const app = createTestApp(get(), {
      config: {
        mcp: {
          servers: [
            { name: "everything", url: everything.url },
            { name: "notifying", url: notifying.url },
          ],
        },
      },
    });
    const session = await anonymousSession(app);
    return { app, headers: bearer(session.access_token) };
  };

  it("sets the level, subscribes and passes on the server's log messages", async () => {
    const { app, headers } = await setup();
    const anonymous = await app.request("/api/v1/mcp/everything/watch");
    expect(anonymous.status).toBe(401);
    const left = new AbortController();
    const res = await app.request(
      `/api/v1/mcp/everything/watch?level=debug&subscribe=${encodeURIComponent(doc)}`,
      { headers, signal: left.signal },
    );
    expect(res.status).toBe(200);
    const events = eventsOf(res);
    const first = await events.read();
    expect(first.value?.event).toBe("ready");
    expect(JSON.parse(first.value?.data ?? "{}")).toMatchObject({
      level: "debug",
      subscribed: [doc],
    });
    let log: { params: { data?: unknown } } | undefined;
    const deadline = Date.now() + 5000;
    while (!log && Date.now() < deadline) {
      const next = await events.read();
      if (next.done) break;
      if (next.value.event !== "notification") continue;
      const notification = JSON.parse(next.value.data);
      if (JSON.stringify(notification).includes("Received Subscribe")) log = notification;
    }
    expect(String(log?.params.data)).toContain(
      `Received Subscribe Resource request for URI: ${doc}`,
    );
    left.abort();
    await events.cancel().catch(() => undefined);
  }, 20_000);

  it("passes on a subscribed resource's update and the tools, prompts and resources list changes", async () => {
    const { app, headers } = await setup();
    const left = new AbortController();
    const res = await app.request(
      `/api/v1/mcp/notifying/watch?subscribe=${encodeURIComponent("note://one")}`,
      { headers, signal: left.signal },
    );
    const events = eventsOf(res);
    expect((await events.read()).value?.event).toBe("ready");
    const methods: string[] = [];
    while (methods.length < 4) {
      const next = await events.read();
      if (next.done) break;
      methods.push(JSON.parse(next.value.data).method);
    }
    expect(methods).toEqual([
      "notifications/resources/updated",
      "notifications/tools/list_changed",
      "notifications/prompts/list_changed",
      "notifications/resources/list_changed",
    ]);
    left.abort();
    await events.cancel().catch(() => undefined);
  }, 20_000);

  it("offers no watch for a built-in server, and refuses a bad level", async () => {
    const { app, headers } = await setup();
    const builtin = await app.request("/api/v1/mcp/analytics/watch", { headers });
    expect(builtin.status).toBe(404);
    expect(await builtin.json()).toMatchObject({
      message: "No MCP server named analytics to watch",
    });
    const bad = await app.request("/api/v1/mcp/everything/watch?level=loud", { headers });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain(
      "level must be one of debug, info, notice, warning, error, critical, alert, emergency",
    );
  });
});
