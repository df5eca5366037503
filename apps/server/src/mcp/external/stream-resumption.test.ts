import { externalMcpMessages } from "@a2a-chat/contracts";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachDialect } from "../../test/databases.js";
import { startMisbehavingMcp } from "../../test/misbehaving-mcp.js";
import { startResumingMcp } from "../../test/resuming-mcp.js";
import { taskUser } from "../../test/tasks.js";
import { addUserServer, appReachingLoopback, userServerClient } from "../../test/user-mcp.js";
import { isResumingGet } from "./stream-resumption.js";

let resuming: Awaited<ReturnType<typeof startResumingMcp>>;
let liar: Awaited<ReturnType<typeof startMisbehavingMcp>>;
beforeAll(async () => {
  [resuming, liar] = await Promise.all([startResumingMcp(), startMisbehavingMcp()]);
});
afterAll(async () => {
  await Promise.all([resuming?.close(), liar?.close()]);
});

describe("isResumingGet", () => {
  it("is a GET with Last-Event-ID: that one passes the proxy's gate on GETs (upstream-client)", () => {
    expect(isResumingGet({ method: "GET" })).toBe(false);
    expect(isResumingGet({ method: "GET", headers: { "last-event-id": "s:3" } })).toBe(true);
    expect(isResumingGet({ headers: { "Last-Event-ID": "s:3" } })).toBe(true);
    expect(isResumingGet({ method: "POST", body: "{}", headers: { "last-event-id": "s:3" } })).toBe(
      false,
    );
  });
});

describeEachDialect("a server that closes its SSE stream mid-call", (get) => {
  it("is asked again with Last-Event-ID and the call completes, with its progress", async () => {
    const app = appReachingLoopback(get());
    const user = await taskUser(app);
    const token = user.session.access_token;
    const contextId = await user.createContext();
    const server = await addUserServer(app, token, { name: "resuming", url: resuming.url });
    const client = await userServerClient(app, token, server.endpoint, contextId);
    const before = resuming.resumedWith.length;
    const progress: (string | undefined)[] = [];
    try {
      const result = (await client.callTool(
        { name: "interrupted", arguments: { text: "resumed" } },
        undefined,
        { onprogress: (p) => progress.push(p.message) },
      )) as CallToolResult;
      expect(result.content).toEqual([{ type: "text", text: "Done: resumed" }]);
      expect(result.isError).toBeUndefined();
    } finally {
      await client.close();
    }
    expect(progress).toEqual(["halfway"]);
    const resumedWith = resuming.resumedWith.slice(before);
    expect(resumedWith).toHaveLength(1);
    expect(resumedWith[0]).toMatch(/:\d+$/);
  });

  it("a stream that breaks without an event id still fails the call clearly", async () => {
    const app = appReachingLoopback(get());
    const user = await taskUser(app);
    const token = user.session.access_token;
    const server = await addUserServer(app, token, { name: "dropper", url: `${liar.origin}/drop` });
    const client = await userServerClient(app, token, server.endpoint);
    try {
      await expect(client.callTool({ name: "slow", arguments: {} })).rejects.toThrow(
        externalMcpMessages.connectionLost("dropper"),
      );
    } finally {
      await client.close();
    }
  });
});
