import { runsAsTaskMetaKey } from "@a2a-chat/contracts";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../test/databases.js";
import { type EverythingProcess, startEverything } from "../../test/everything.js";
import { startRecordingProxy } from "../../test/recording-proxy.js";
import { taskUser } from "../../test/tasks.js";
import { addUserServer, appReachingLoopback, userServerClient } from "../../test/user-mcp.js";

/**
 * server-everything's `simulate-research-query` needs a task (execution.taskSupport: required):
 * through the proxy it is an ordinary tool that runs as a task upstream.
 */
let everything: EverythingProcess;
let recorder: Awaited<ReturnType<typeof startRecordingProxy>>;
beforeAll(async () => {
  everything = await startEverything();
  recorder = await startRecordingProxy(new URL(everything.url).origin);
}, 30_000);
afterAll(async () => {
  await Promise.all([everything?.stop(), recorder?.close()]);
});

const methodsSent = (from: number) =>
  recorder.received.slice(from).flatMap((request) => {
    try {
      const { method } = JSON.parse(request.body) as { method?: string };
      return method ? [method] : [];
    } catch {
      return [];
    }
  });

describeEachDialect("a task-only tool through the proxy", (get) => {
  async function connected() {
    const app = appReachingLoopback(get());
    const user = await taskUser(app);
    const token = user.session.access_token;
    const contextId = await user.createContext();
    const server = await addUserServer(app, token, {
      name: "everything",
      url: `${recorder.origin}/mcp`,
    });
    return { user, client: await userServerClient(app, token, server.endpoint, contextId) };
  }

  it("is listed as runnable and marked; called, it runs as a task with its statuses as progress and answers the task's result", async () => {
    const { client } = await connected();
    try {
      const { tools } = await client.listTools();
      const research = tools.find((tool) => tool.name === "simulate-research-query");
      expect(research?.execution?.taskSupport).toBe("forbidden");
      expect(research?._meta?.[runsAsTaskMetaKey]).toBe(true);
      const from = recorder.received.length;
      const progress: (string | undefined)[] = [];
      const result = (await client.callTool(
        { name: "simulate-research-query", arguments: { topic: "tides" } },
        undefined,
        { onprogress: (p) => progress.push(p.message), timeout: 30_000 },
      )) as CallToolResult;
      expect(JSON.stringify(result.content)).toContain("# Research Report: tides");
      expect(progress[0]).toMatch(/^Task working/);
      expect(progress).toContain("Task working: Gathering sources...");
      expect(progress.at(-1)).toMatch(/^Task completed/);
      const sent = methodsSent(from);
      expect(sent).toContain("tools/call");
      expect(sent).toContain("tasks/get");
      expect(sent).toContain("tasks/result");
    } finally {
      await client.close();
    }
  }, 30_000);

  it("cancelled by its caller, cancels the task on the server", async () => {
    const { client } = await connected();
    try {
      const from = recorder.received.length;
      const stop = new AbortController();
      const call = client.callTool(
        { name: "simulate-research-query", arguments: { topic: "storms" } },
        undefined,
        {
          signal: stop.signal,
          onprogress: () => stop.abort(new Error("stopped by the user")),
        },
      );
      await expect(call).rejects.toThrow("stopped by the user");
      await expect.poll(() => methodsSent(from), { timeout: 5000 }).toContain("tasks/cancel");
      expect(methodsSent(from)).not.toContain("tasks/result");
    } finally {
      await client.close();
    }
  }, 30_000);
});
