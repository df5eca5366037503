import { beforeEach, describe, expect, it, vi } from "vitest";
import type { FetchLike } from "../lib/api.js";
import { useAuthStore } from "../stores/auth-store.js";
import { anonymousReply } from "../test/jwt-fixture.js";
import { fetchExecutionRecord } from "./execution-record-api.js";

const reply = anonymousReply("anon-1");
const record = {
  id: "exec-1",
  server_name: "analytics",
  server_endpoint: "https://chat.example.com/api/v1/mcp/analytics/mcp",
  tool_name: "query_orders",
  input: { region: "EU" },
  status: "completed",
};

describe("fetchExecutionRecord", () => {
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().clearAuth();
    useAuthStore.getState().setAnonymousAuth(reply);
  });

  it("reads the record with a JSON content type and the bearer token", async () => {
    const fetchImpl = vi.fn<FetchLike>(
      async () =>
        new Response(JSON.stringify(record), {
          status: 200,
          headers: { "content-type": "application/json" },
        }),
    );
    await expect(fetchExecutionRecord("exec-1", fetchImpl)).resolves.toEqual(record);
    const [path, init] = fetchImpl.mock.calls[0] ?? [];
    expect(path).toBe("/api/v1/mcp/executions/exec-1");
    const headers = new Headers(init?.headers);
    expect(init?.method).toBe("GET");
    expect(headers.get("content-type")).toBe("application/json");
    expect(headers.get("authorization")).toBe(`Bearer ${reply.access_token}`);
  });

  it("fails with 'Failed to fetch execution record: {statusText}'", async () => {
    const fetchImpl: FetchLike = async () =>
      new Response(JSON.stringify({ error: "not_found", message: "Execution not found" }), {
        status: 404,
        statusText: "Not Found",
        headers: { "content-type": "application/json" },
      });
    await expect(fetchExecutionRecord("missing", fetchImpl)).rejects.toThrow(
      new Error("Failed to fetch execution record: Not Found"),
    );
  });

  it("uses the failure's message when the answer had no status text", async () => {
    const fetchImpl: FetchLike = async () => {
      throw new TypeError("Failed to fetch");
    };
    await expect(fetchExecutionRecord("exec-1", fetchImpl)).rejects.toThrow(
      new Error(
        "Failed to fetch execution record: Network error. Please check your connection and try again.",
      ),
    );
  });
});
