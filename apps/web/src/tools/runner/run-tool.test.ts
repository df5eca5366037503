import type { Artifact } from "@a2a-chat/contracts";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { CallToolOptions } from "../../api/mcp-tool-call.js";
import type { ToolRun } from "../execution-queue.js";
import { useToolExecutionsStore } from "../tool-executions-store.js";
import { type RunDependencies, runTool, tokenFor } from "./run-tool.js";
import { cancelCall, isCallRunning } from "./running-calls.js";

const artifact = (id: string): Artifact => ({
  artifactId: id,
  parts: [{ kind: "text", text: "done" }],
  metadata: {
    artifact_type: "markdown",
    context_id: "ctx-1",
    created_at: "2026-01-01T00:00:00Z",
    mcp_execution_id: id,
  },
});

const builtin: ToolRun = {
  toolName: "query_orders",
  serverName: "analytics",
  endpoint: "/api/v1/mcp/analytics/mcp",
  auth: "required",
  recordsCalls: true,
  args: { limit: 5 },
};
const external: ToolRun = {
  toolName: "get-structured-content",
  serverName: "everything",
  endpoint: "http://127.0.0.1:3001/mcp",
  auth: "required",
  recordsCalls: false,
  outputSchema: {
    type: "object",
    properties: { temperature: { type: "number" } },
    required: ["temperature"],
  },
  args: { location: "Chicago" },
};
const context = { token: "tok", contextId: "ctx-1", renderBehavior: "inline" as const };

function deps(
  callTool: (o: CallToolOptions) => Promise<CallToolResult>,
  extra: Partial<RunDependencies> = {},
) {
  const recordCall = vi.fn<RunDependencies["recordCall"]>(async (body) => ({
    execution: { id: "rec-9" } as never,
    ...(body.result ? { artifact: artifact("rec-9") } : {}),
  }));
  const waitForArtifact = vi.fn(async (id: string) => artifact(id));
  return { callTool: vi.fn(callTool), recordCall, waitForArtifact, ...extra } as {
    callTool: ReturnType<typeof vi.fn<(o: CallToolOptions) => Promise<CallToolResult>>>;
    recordCall: typeof recordCall;
    waitForArtifact: typeof waitForArtifact;
  };
}

const execution = (id: string) =>
  useToolExecutionsStore.getState().executions.find((e) => e.id === id);

beforeEach(() => useToolExecutionsStore.getState().reset());

describe("runTool: the execution queue (pending → executing → completed/error)", () => {
  it("runs a built-in tool with the token and conversation, reports progress and completes with the stored artifact", async () => {
    let release: (r: CallToolResult) => void = () => undefined;
    const d = deps(
      (options) =>
        new Promise((resolve) => {
          options.onProgress?.({ progress: 2, total: 5, message: "Regions" });
          release = resolve;
        }),
    );
    const statuses: string[] = [];
    const stop = useToolExecutionsStore.subscribe((state) => {
      const status = state.executions[0]?.status;
      if (status && statuses.at(-1) !== status) statuses.push(status);
    });
    const { id, done } = runTool(builtin, context, d);
    await vi.waitFor(() => expect(execution(id)?.status).toBe("executing"));
    expect(execution(id)?.progress).toEqual({ progress: 2, total: 5, message: "Regions" });
    expect(d.callTool.mock.calls[0]?.[0]).toMatchObject({
      endpoint: "/api/v1/mcp/analytics/mcp",
      toolName: "query_orders",
      args: { limit: 5 },
      token: "tok",
      contextId: "ctx-1",
    });
    release({ content: [], _meta: { mcp_execution_id: "exec-1" } });
    await done;
    expect(execution(id)).toMatchObject({
      status: "completed",
      artifact: artifact("exec-1"),
      mcpExecutionId: "exec-1",
      run: builtin,
    });
    expect(execution(id)?.progress).toBeUndefined();
    expect(d.recordCall).not.toHaveBeenCalled();
    stop();
    expect(statuses).toEqual(["pending", "executing", "completed"]);
  });

  it("reports a third party's result for storing, and never sends it the session token", async () => {
    const d = deps(async () => ({ content: [], structuredContent: { temperature: 36 } }));
    const { id, done } = runTool(external, context, d);
    await done;
    expect(d.callTool.mock.calls[0]?.[0].token).toBeNull();
    expect(d.recordCall).toHaveBeenCalledWith(
      expect.objectContaining({
        server_name: "everything",
        server_endpoint: "http://127.0.0.1:3001/mcp",
        tool_name: "get-structured-content",
        input: { location: "Chicago" },
        context_id: "ctx-1",
        result: { content: [], structuredContent: { temperature: 36 } },
      }),
    );
    expect(execution(id)).toMatchObject({ status: "completed", artifact: artifact("rec-9") });
  });

  it("a third party's result that breaks its outputSchema is an error and stores no artifact", async () => {
    const d = deps(async () => ({ content: [], structuredContent: { temperature: "hot" } }));
    const { id, done } = runTool(external, context, d);
    await done;
    expect(execution(id)?.status).toBe("error");
    expect(execution(id)?.error).toMatch(
      /^The tool's result does not match its output schema: temperature: /,
    );
    expect(d.recordCall.mock.calls[0]?.[0]).toMatchObject({ error: execution(id)?.error });
    expect(d.recordCall.mock.calls[0]?.[0].result).toBeUndefined();
  });

  it("Cancel aborts the call (its signal) and ends it as cancelled", async () => {
    const d = deps(
      (options) =>
        new Promise((_resolve, reject) => {
          options.signal?.addEventListener("abort", () =>
            reject(new Error(String(options.signal?.reason))),
          );
        }),
    );
    const { id, done } = runTool(builtin, context, d);
    await vi.waitFor(() => expect(isCallRunning(id)).toBe(true));
    expect(cancelCall(id)).toBe(true);
    await done;
    expect(execution(id)).toMatchObject({ status: "error", error: "Tool execution cancelled" });
    expect(isCallRunning(id)).toBe(false);
    expect(cancelCall(id)).toBe(false);
  });

  it.each([
    [
      "a timeout",
      Object.assign(new Error("Request timed out"), { code: -32001 }),
      "Tool execution timed out",
      undefined,
    ],
    [
      "an unknown tool",
      new Error("MCP error -32602: Tool query_orders not found"),
      "Tool query_orders not found",
      undefined,
    ],
    [
      "a server that went away",
      new TypeError("Failed to fetch"),
      "Failed to execute tool",
      "Failed to fetch",
    ],
  ])("%s gives the spec's text", async (_name, thrown, message, detail) => {
    const { id, done } = runTool(
      builtin,
      context,
      deps(async () => Promise.reject(thrown)),
    );
    await done;
    expect(execution(id)).toMatchObject({ status: "error", error: message });
    expect(execution(id)?.detail).toBe(detail);
    expect(useToolExecutionsStore.getState().modalOpen).toBe(true);
  });

  it("a result flagged as error shows the tool's own text", async () => {
    const d = deps(async () => ({
      isError: true,
      content: [{ type: "text", text: "from must not be after to" }],
      _meta: { mcp_execution_id: "e" },
    }));
    const { id, done } = runTool(builtin, context, d);
    await done;
    expect(execution(id)).toMatchObject({ status: "error", error: "from must not be after to" });
  });

  it("needs a conversation to keep the result in", async () => {
    const { id, done } = runTool(
      builtin,
      { ...context, contextId: null },
      deps(async () => ({ content: [] })),
    );
    await done;
    expect(execution(id)?.error).toBe(
      "Open a conversation first: tool results are kept in a conversation.",
    );
  });

  it.each([
    ["modal", true],
    ["both", true],
    ["inline", false],
    ["silent", false],
  ] as const)("render behaviour %s opens the result window: %s", async (renderBehavior, opens) => {
    const { done } = runTool(
      builtin,
      { ...context, renderBehavior },
      deps(async () => ({ content: [], _meta: { mcp_execution_id: "x" } })),
    );
    await done;
    expect(useToolExecutionsStore.getState().modalOpen).toBe(opens);
  });
});

describe("tokenFor", () => {
  it("sends the token only to this site's endpoints that require it", () => {
    expect(tokenFor({ auth: "required", endpoint: "/api/v1/mcp/analytics/mcp" }, "t")).toBe("t");
    expect(tokenFor({ auth: "required", endpoint: `${window.location.origin}/x/mcp` }, "t")).toBe(
      "t",
    );
    expect(
      tokenFor({ auth: "required", endpoint: "https://elsewhere.example/mcp" }, "t"),
    ).toBeNull();
    expect(tokenFor({ auth: "none", endpoint: "/api/v1/mcp/analytics/mcp" }, "t")).toBeNull();
  });
});
