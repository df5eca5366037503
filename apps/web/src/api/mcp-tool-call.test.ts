import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeMcpFetch } from "../tools/fake-mcp-fetch.js";
import { describeFailure } from "../tools/runner/tool-errors.js";
import {
  callTool,
  type McpFetch,
  resolveEndpoint,
  withoutNotificationStream,
} from "./mcp-tool-call.js";

/** A stateless MCP server whose tools/call answers with the given result. */
function fakeServer(toolResult: unknown) {
  return fakeMcpFetch((request) => (request.method === "tools/call" ? toolResult : undefined));
}

describe("callTool", () => {
  afterEach(() => vi.restoreAllMocks());

  it("connects, calls the tool with the spec's headers and returns the result", async () => {
    const result = {
      content: [{ type: "text", text: "{}" }],
      structuredContent: { items: [] },
      _meta: { mcp_execution_id: "exec-2" },
    };
    const server = fakeServer(result);
    const answer = await callTool({
      endpoint: `${window.location.origin}/api/v1/mcp/analytics/mcp`,
      toolName: "query_orders",
      args: { region: "EU" },
      token: "token-1",
      contextId: "ctx-1",
      taskId: "task-1",
      fetch: server.fetchImpl,
    });
    expect(answer).toMatchObject(result);

    const posts = server.calls.filter((call) => call.method === "POST");
    expect(posts.map((call) => call.body?.method)).toEqual([
      "initialize",
      "notifications/initialized",
      "tools/call",
    ]);
    const toolCall = posts[2];
    expect(toolCall?.url).toBe(`${window.location.origin}/api/v1/mcp/analytics/mcp`);
    expect(toolCall?.body?.params).toEqual({ name: "query_orders", arguments: { region: "EU" } });
    for (const call of posts) {
      expect(call.headers.get("accept")).toBe("application/json, text/event-stream");
      expect(call.headers.get("authorization")).toBe("Bearer token-1");
      expect(call.headers.get("x-context-id")).toBe("ctx-1");
      expect(call.headers.get("x-task-id")).toBe("task-1");
      expect(call.headers.get("x-trace-id")).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("never sends the session token to a tool server on another origin", async () => {
    const server = fakeServer({ content: [] });
    await callTool({
      endpoint: "https://tools.example.com/mcp",
      toolName: "t",
      args: {},
      token: "token-1",
      fetch: server.fetchImpl,
    });
    expect(server.calls.length).toBeGreaterThan(0);
    for (const call of server.calls) expect(call.headers.has("authorization")).toBe(false);
  });

  it("asks the server for no notification stream: only POSTs go out", async () => {
    const server = fakeServer({ content: [] });
    await callTool({
      endpoint: "/api/v1/mcp/product/mcp",
      toolName: "t",
      args: {},
      token: "t",
      fetch: server.fetchImpl,
    });
    expect(server.calls.map((call) => call.method)).toEqual(["POST", "POST", "POST"]);
  });

  it("uses a fresh trace id for every call and leaves out absent token and context", async () => {
    const server = fakeServer({ content: [] });
    const options = { endpoint: "/api/v1/mcp/product/mcp", toolName: "t", args: {}, token: null };
    await callTool({ ...options, fetch: server.fetchImpl });
    await callTool({ ...options, fetch: server.fetchImpl });
    const [first, second] = server.calls.filter((call) => call.body?.method === "tools/call");
    expect(first?.url).toBe(`${window.location.origin}/api/v1/mcp/product/mcp`);
    expect(first?.headers.has("authorization")).toBe(false);
    expect(first?.headers.has("x-context-id")).toBe(false);
    expect(first?.headers.has("x-task-id")).toBe(false);
    expect(first?.headers.get("x-trace-id")).not.toBe(second?.headers.get("x-trace-id"));
  });

  it("throws the first text of a result flagged as error, closing the session", async () => {
    const close = vi.spyOn(Client.prototype, "close");
    const server = fakeServer({
      content: [
        { type: "text", text: "Unknown SKU: X-1" },
        { type: "text", text: "second" },
      ],
      isError: true,
    });
    await expect(
      callTool({
        endpoint: "/mcp",
        toolName: "fail_example",
        args: {},
        token: "t",
        fetch: server.fetchImpl,
      }),
    ).rejects.toThrow(new Error("Unknown SKU: X-1"));
    expect(close).toHaveBeenCalledTimes(1);
  });

  it("throws 'Tool execution failed' for an error result without text", async () => {
    const server = fakeServer({ content: [], isError: true });
    await expect(
      callTool({
        endpoint: "/mcp",
        toolName: "fail_example",
        args: {},
        token: "t",
        fetch: server.fetchImpl,
      }),
    ).rejects.toThrow(new Error("Tool execution failed"));
  });

  it("rejects, not hangs, when the server drops the connection in the middle of a call", async () => {
    const { fetchImpl: server } = fakeServer({ content: [] });
    const encoder = new TextEncoder();
    const fetchImpl: McpFetch = async (url, init) => {
      const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
      if (body?.method !== "tools/call") return server(url, init);
      // The call's event stream starts (a keep-alive comment), then the connection is lost.
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode(": keep-alive\n\n"));
          setTimeout(() => controller.error(new TypeError("network error")), 10);
        },
      });
      return new Response(stream, {
        status: 200,
        headers: { "content-type": "text/event-stream" },
      });
    };
    const failure = await callTool({
      endpoint: "/mcp",
      toolName: "t",
      args: {},
      token: "t",
      fetch: fetchImpl,
    }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect(describeFailure(failure, "t", false)).toEqual({
      error: "Failed to execute tool",
      detail: expect.stringMatching(/network error/),
    });
  });

  it("cancelling a call cancels that call only, never the session's initialize", async () => {
    const server = fakeServer({ content: [] });
    const sent: { method?: string; params?: { requestId?: unknown } }[] = [];
    const fetchImpl: McpFetch = async (url, init) => {
      const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
      if (body) sent.push(body);
      if (body?.method !== "tools/call") return server.fetchImpl(url, init);
      return new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener("abort", () =>
          reject(new DOMException("gone", "AbortError")),
        );
      });
    };
    const controller = new AbortController();
    const call = callTool({
      endpoint: `${window.location.origin}/api/v1/mcp/analytics/mcp`,
      toolName: "build_report",
      args: {},
      token: null,
      fetch: fetchImpl,
      signal: controller.signal,
    });
    await vi.waitFor(() => expect(sent.some((b) => b.method === "tools/call")).toBe(true));
    controller.abort();
    await expect(call).rejects.toThrow();
    const callId = (sent.find((b) => b.method === "tools/call") as { id?: unknown }).id;
    const cancelled = sent
      .filter((b) => b.method === "notifications/cancelled")
      .map((b) => b.params?.requestId);
    expect(cancelled).toEqual([callId]);
  });

  it("rejects when the server cannot be reached", async () => {
    const fetchImpl: McpFetch = async () => {
      throw new TypeError("Failed to fetch");
    };
    await expect(
      callTool({ endpoint: "/mcp", toolName: "t", args: {}, token: "t", fetch: fetchImpl }),
    ).rejects.toThrow("Failed to fetch");
  });
});

describe("withoutNotificationStream", () => {
  it("answers GET with 405 itself and passes every other request on", async () => {
    const inner = vi.fn<McpFetch>(async () => new Response("ok", { status: 200 }));
    const wrapped = withoutNotificationStream(inner);
    expect((await wrapped("https://x.test/mcp", { method: "GET" })).status).toBe(405);
    expect((await wrapped("https://x.test/mcp")).status).toBe(405);
    expect(inner).not.toHaveBeenCalled();
    expect((await wrapped("https://x.test/mcp", { method: "POST", body: "{}" })).status).toBe(200);
    expect((await wrapped("https://x.test/mcp", { method: "DELETE" })).status).toBe(200);
    expect(inner).toHaveBeenCalledTimes(2);
  });
});

describe("resolveEndpoint", () => {
  it("keeps absolute endpoints and resolves relative ones against the site", () => {
    expect(resolveEndpoint("http://127.0.0.1:3001/mcp").href).toBe("http://127.0.0.1:3001/mcp");
    expect(resolveEndpoint("/api/v1/mcp/analytics/mcp").href).toBe(
      `${window.location.origin}/api/v1/mcp/analytics/mcp`,
    );
  });

  it("calls a built-in server recorded on a loopback origin on this site's origin", () => {
    for (const host of ["localhost:3000", "127.0.0.1:3000", "[::1]:3000"]) {
      expect(resolveEndpoint(`http://${host}/api/v1/mcp/product/mcp`).href).toBe(
        `${window.location.origin}/api/v1/mcp/product/mcp`,
      );
    }
  });

  it("keeps loopback endpoints that are not built-in servers, and remote built-in paths", () => {
    expect(resolveEndpoint("http://localhost:9000/mcp").href).toBe("http://localhost:9000/mcp");
    expect(resolveEndpoint("https://chat.example.com/api/v1/mcp/product/mcp").href).toBe(
      "https://chat.example.com/api/v1/mcp/product/mcp",
    );
  });
});
