import type { Artifact } from "@a2a-chat/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useArtifactsStore } from "../stores/artifacts-store.js";
import type { ExecutionRecord } from "./execution-record-api.js";
import { type RefreshDependencies, refreshArtifact } from "./refresh-artifact.js";
import { useToolExecutionsStore } from "./tool-executions-store.js";

const source: Artifact = {
  artifactId: "exec-1",
  name: "Orders",
  parts: [{ kind: "data", data: { items: [] } }],
  metadata: {
    artifact_type: "table",
    context_id: "ctx-1",
    created_at: "2024-05-01T10:00:00Z",
    tool_name: "query_orders",
    mcp_execution_id: "exec-1",
    tool_execution_id: "exec-1",
    source: "mcp_tool",
  },
};

const fresh: Artifact = {
  ...source,
  artifactId: "exec-2",
  metadata: {
    ...source.metadata,
    created_at: "2024-05-01T11:00:00Z",
    mcp_execution_id: "exec-2",
    tool_execution_id: "exec-2",
  },
};

const record: ExecutionRecord = {
  id: "exec-1",
  server_name: "analytics",
  server_endpoint: "https://chat.example.com/api/v1/mcp/analytics/mcp",
  tool_name: "query_orders",
  input: { region: "EU" },
  render_behavior: "both",
  task_id: "task-1",
};

const executions = () => useToolExecutionsStore.getState().executions;

function dependencies(overrides: Partial<RefreshDependencies> = {}) {
  let clock = 1_000;
  return {
    fetchRecord: vi.fn<RefreshDependencies["fetchRecord"]>(async () => record),
    callTool: vi.fn<RefreshDependencies["callTool"]>(async () => ({
      content: [],
      _meta: { mcp_execution_id: "exec-2" },
    })),
    now: () => {
      clock += 120;
      return clock;
    },
    ...overrides,
  };
}

describe("refreshArtifact", () => {
  beforeEach(() => {
    useArtifactsStore.getState().reset();
    useToolExecutionsStore.getState().reset();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("only logs an artifact without mcp_execution_id", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const deps = dependencies();
    const { mcp_execution_id: _, ...metadata } = source.metadata;
    await expect(
      refreshArtifact(
        { ...source, metadata },
        { token: "t", contextId: "ctx-1", dependencies: deps },
      ),
    ).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("Refresh without mcp_execution_id"));
    expect(deps.fetchRecord).not.toHaveBeenCalled();
    expect(executions()).toEqual([]);
  });

  it("calls the record's tool and completes when the new artifact reaches the store", async () => {
    const deps = dependencies();
    const states: string[] = [];
    const unsubscribe = useToolExecutionsStore.subscribe((state) => {
      const status = state.executions[0]?.status;
      if (status && states.at(-1) !== status) states.push(status);
    });
    const done = refreshArtifact(source, { token: "tok", contextId: "ctx-1", dependencies: deps });
    await vi.waitFor(() => expect(executions()[0]?.mcpExecutionId).toBe("exec-2"));
    expect(executions()[0]?.status).toBe("executing");
    useArtifactsStore.getState().upsertArtifact(fresh);
    await expect(done).resolves.toEqual(fresh);
    unsubscribe();

    expect(deps.fetchRecord).toHaveBeenCalledWith("exec-1");
    expect(deps.callTool).toHaveBeenCalledWith({
      endpoint: record.server_endpoint,
      toolName: "query_orders",
      args: { region: "EU" },
      token: "tok",
      contextId: "ctx-1",
      // The new result goes to the same task, where it replaces the old one (same fingerprint).
      taskId: "task-1",
    });
    expect(states).toEqual(["pending", "executing", "completed"]);
    expect(executions()[0]).toMatchObject({
      toolName: "query_orders",
      serverName: "analytics",
      status: "completed",
      renderBehavior: "both",
      parameters: { region: "EU" },
      artifact: fresh,
      executionTime: 120,
      sourceArtifactId: "exec-1",
    });
  });

  it("accepts an artifact that arrived before the tool call returned", async () => {
    useArtifactsStore.getState().upsertArtifact(fresh);
    await expect(
      refreshArtifact(source, { token: "t", contextId: null, dependencies: dependencies() }),
    ).resolves.toEqual(fresh);
  });

  it("times out after waitMs without the new artifact", async () => {
    vi.useFakeTimers();
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const done = refreshArtifact(source, {
      token: "t",
      contextId: "ctx-1",
      dependencies: dependencies(),
    });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(executions()[0]?.status).toBe("executing");
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toBeUndefined();
    expect(executions()[0]).toMatchObject({
      status: "error",
      error: "Timed out waiting for the refreshed result",
    });
  });

  it("fails with 'Unknown tool' when the record names no tool or the server does not know it", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const noTool = dependencies({ fetchRecord: async () => ({ ...record, tool_name: "" }) });
    await refreshArtifact(source, { token: "t", contextId: "c", dependencies: noTool });
    expect(noTool.callTool).not.toHaveBeenCalled();
    expect(executions()[0]).toMatchObject({ status: "error", error: "Unknown tool" });

    const unknown = dependencies({
      callTool: async () => {
        throw new Error("MCP error -32602: Tool query_orders not found");
      },
    });
    await refreshArtifact(source, { token: "t", contextId: "c", dependencies: unknown });
    expect(executions()[1]).toMatchObject({ status: "error", error: "Unknown tool" });
  });

  it("shows the tool's error text and the record failure", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const failing = dependencies({
      callTool: async () => {
        throw new Error("Unknown SKU: X-1");
      },
    });
    await refreshArtifact(source, { token: "t", contextId: "c", dependencies: failing });
    expect(executions()[0]).toMatchObject({ status: "error", error: "Unknown SKU: X-1" });

    const noRecord = dependencies({
      fetchRecord: async () => {
        throw new Error("Failed to fetch execution record: Not Found");
      },
    });
    await refreshArtifact(source, { token: "t", contextId: "c", dependencies: noRecord });
    expect(executions()[1]).toMatchObject({
      status: "error",
      error: "Failed to fetch execution record: Not Found",
    });
  });

  it("reads a server's failure as a person would: no SDK code, an HTTP error's JSON message", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const gone = dependencies({
      callTool: async () => {
        throw new Error(
          'Streamable HTTP error: Error POSTing to endpoint: {"error":"not_found","message":"MCP server not found"}',
        );
      },
    });
    await refreshArtifact(source, { token: "t", contextId: "c", dependencies: gone });
    expect(executions()[0]).toMatchObject({ status: "error", error: "MCP server not found" });

    const coded = dependencies({
      callTool: async () => {
        throw new Error("MCP error -32603: The MCP server mine closed the connection mid-call");
      },
    });
    await refreshArtifact(source, { token: "t", contextId: "c", dependencies: coded });
    expect(executions()[1]).toMatchObject({
      status: "error",
      error: "The MCP server mine closed the connection mid-call",
    });
  });

  it("reuses the given execution id on Retry", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const failing = dependencies({
      callTool: async () => {
        throw new Error("boom");
      },
    });
    const options = { token: "t", contextId: "c", executionId: "run-1" };
    await refreshArtifact(source, { ...options, dependencies: failing });
    useArtifactsStore.getState().upsertArtifact(fresh);
    await refreshArtifact(source, { ...options, dependencies: dependencies() });
    expect(executions()).toHaveLength(1);
    expect(executions()[0]).toMatchObject({ id: "run-1", status: "completed" });
    expect(executions()[0]?.error).toBeUndefined();
  });
});
