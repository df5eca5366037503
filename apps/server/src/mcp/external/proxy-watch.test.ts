import { randomBytes } from "node:crypto";
import { externalMcpServerSchema } from "@a2a-chat/contracts";
import { EventSourceParserStream } from "eventsource-parser/stream";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { type EverythingProcess, startEverything } from "../../test/everything.js";
import { startNotifyingMcp } from "../../test/notifying-mcp.js";
import { taskUser } from "../../test/tasks.js";
import { parseWatchQuery, watchMessages } from "./proxy-watch.js";

/**
 * The proxy's watch stream on the real server-everything: the logging level set, a resource
 * subscribed, and the server's log messages passed on as they come.
 */

let everything: EverythingProcess;
let notifying: Awaited<ReturnType<typeof startNotifyingMcp>>;
beforeAll(async () => {
  [everything, notifying] = await Promise.all([startEverything(), startNotifyingMcp()]);
}, 30_000);
afterAll(async () => {
  await Promise.all([everything?.stop(), notifying?.close()]);
});

/** The events of a watch response, one at a time. */
function eventsOf(res: Response) {
  return (res.body as ReadableStream<Uint8Array>)
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream())
    .getReader();
}

const credentialsKey = randomBytes(32).toString("base64");
const doc = "demo://resource/static/document/features.md";

it("reads a watch request from the query and refuses bad ones with a clear message", () => {
  const url = (q: string) => new URL(`http://x/watch?${q}`);
  expect(parseWatchQuery(url(`level=info&subscribe=${encodeURIComponent(doc)}`))).toEqual({
    level: "info",
    subscribe: [doc],
  });
  expect(parseWatchQuery(url(""))).toEqual({ subscribe: [] });
  expect(parseWatchQuery(url("level=loud"))).toEqual({ error: watchMessages.badLevel });
  expect(watchMessages.badLevel).toBe(
    "level must be one of debug, info, notice, warning, error, critical, alert, emergency",
  );
  expect(parseWatchQuery(url("subscribe=nope"))).toEqual({ error: watchMessages.badUri });
  const many = Array.from({ length: 21 }, (_, i) => `subscribe=x:${i}`).join("&");
  expect(parseWatchQuery(url(many))).toEqual({ error: watchMessages.tooMany });
});

describeEachDialect("the proxy's watch stream", (get) => {
  const appOf = () =>
    createTestApp(get(), { config: { outbound: { allowHosts: ["127.0.0.1"], credentialsKey } } });
  async function watchOf(app: ReturnType<typeof appOf>, url: string, query: string) {
    const user = await taskUser(app);
    const added = await app.request("/api/v1/mcp/external", {
      method: "POST",
      headers: { ...user.headers, "content-type": "application/json" },
      body: JSON.stringify({ name: "Watched", url }),
    });
    const body = await added.json();
    if (added.status !== 201) throw new Error(`add failed: ${JSON.stringify(body)}`);
    const server = externalMcpServerSchema.parse(body);
    const left = new AbortController();
    const res = await app.request(`${server.endpoint.replace(/\/mcp$/, "/watch")}?${query}`, {
      headers: user.headers,
      signal: left.signal,
    });
    return { res, left };
  }

  it("passes on a subscribed resource's update and the tools, prompts and resources list changes", async () => {
    const { res, left } = await watchOf(
      appOf(),
      notifying.url,
      `subscribe=${encodeURIComponent("note://one")}`,
    );
    const events = eventsOf(res);
    const ready = await events.read();
    expect(JSON.parse(ready.value?.data ?? "{}")).toMatchObject({
      subscribed: ["note://one"],
      level: null,
    });
    const methods: string[] = [];
    while (methods.length < 4) {
      const next = await events.read();
      if (next.done) break;
      const notification = JSON.parse(next.value.data);
      methods.push(notification.method);
      if (notification.method === "notifications/resources/updated")
        expect(notification.params).toEqual({ uri: "note://one" });
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

  it("sets the level, subscribes, and passes on the server's log messages until the caller leaves", async () => {
    const app = createTestApp(get(), {
      config: { outbound: { allowHosts: ["127.0.0.1"], credentialsKey } },
    });
    const user = await taskUser(app);
    const added = await app.request("/api/v1/mcp/external", {
      method: "POST",
      headers: { ...user.headers, "content-type": "application/json" },
      body: JSON.stringify({ name: "Everything", url: everything.url }),
    });
    const server = externalMcpServerSchema.parse(await added.json());
    const watchUrl = server.endpoint.replace(/\/mcp$/, "/watch");

    const bad = await app.request(`${watchUrl}?level=loud`, { headers: user.headers });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain(watchMessages.badLevel);

    const left = new AbortController();
    const res = await app.request(`${watchUrl}?level=debug&subscribe=${encodeURIComponent(doc)}`, {
      headers: user.headers,
      signal: left.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const events = (res.body as ReadableStream<Uint8Array>)
      .pipeThrough(new TextDecoderStream())
      .pipeThrough(new EventSourceParserStream())
      .getReader();
    const first = await events.read();
    expect(first.value?.event).toBe("ready");
    const ready = JSON.parse(first.value?.data ?? "{}");
    expect(ready).toMatchObject({ level: "debug", subscribed: [doc] });
    expect(ready.capabilities.resources.subscribe).toBe(true);
    expect(ready.server.name).toBeTruthy();

    const seen: { method: string; params: { level?: string; data?: unknown } }[] = [];
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline) {
      const next = await events.read();
      if (next.done) break;
      if (next.value.event !== "notification") continue;
      seen.push(JSON.parse(next.value.data));
      if (seen.some((n) => JSON.stringify(n).includes("Received Subscribe"))) break;
    }
    const log = seen.find((n) => n.method === "notifications/message");
    expect(log?.params.level).toBe("info");
    expect(String(log?.params.data)).toContain(
      `Received Subscribe Resource request for URI: ${doc}`,
    );
    left.abort();
    await events.cancel().catch(() => undefined);
  }, 20_000);
});
