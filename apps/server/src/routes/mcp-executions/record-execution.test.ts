import { artifactSchema, toolExecutionRecordSchema } from "@a2a-chat/contracts";
import { expect, it } from "vitest";
import { removedUrlText } from "../../mcp/artifacts/neutralise-urls.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { taskUser } from "../../test/tasks.js";

const endpoint = "http://127.0.0.1:3001/mcp";

describeEachDialect(
  "POST /api/v1/mcp/executions (third-party calls reported by the browser)",
  (get) => {
    async function setup() {
      const app = createTestApp(get());
      const alice = await taskUser(app);
      const contextId = await alice.createContext();
      const post = (body: unknown, headers: Record<string, string> = alice.headers) =>
        app.request("/api/v1/mcp/executions", {
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body: JSON.stringify(body),
        });
      return { app, alice, contextId, post };
    }

    it("records the call and stores its structured result as an artifact in the conversation", async () => {
      const { app, alice, contextId, post } = await setup();
      const res = await post({
        server_name: "everything",
        server_endpoint: endpoint,
        tool_name: "get-structured-content",
        input: { location: "Chicago" },
        context_id: contextId,
        result: {
          content: [{ type: "text", text: '{"temperature":36}' }],
          structuredContent: { temperature: 36, conditions: "Light rain" },
        },
      });
      expect(res.status).toBe(201);
      const body = (await res.json()) as { execution: unknown; artifact: unknown };
      const execution = toolExecutionRecordSchema.parse(body.execution);
      const artifact = artifactSchema.parse(body.artifact);
      expect(execution).toMatchObject({
        server_name: "everything",
        server_endpoint: endpoint,
        status: "completed",
        context_id: contextId,
        artifact_id: artifact.artifactId,
      });
      expect(artifact.parts).toEqual([
        { kind: "data", data: { temperature: 36, conditions: "Light rain" } },
      ]);
      expect(artifact.metadata).toMatchObject({
        context_id: contextId,
        tool_name: "get-structured-content",
        mcp_execution_id: execution.id,
      });
      // The record can be read back (a refresh calls the same endpoint with the same input).
      const record = await app.request(`/api/v1/mcp/executions/${execution.id}`, {
        headers: alice.headers,
      });
      expect(toolExecutionRecordSchema.parse(await record.json()).input).toEqual({
        location: "Chicago",
      });
    });

    it("removes javascript: and data: addresses from the result before storing it", async () => {
      const { contextId, post } = await setup();
      const res = await post({
        server_name: "everything",
        server_endpoint: endpoint,
        tool_name: "links",
        input: {},
        context_id: contextId,
        result: {
          content: [],
          structuredContent: {
            items: [
              { name: "a", url: "javascript:alert(1)" },
              { name: "b", url: " DATA:text/html,<script>alert(1)</script>" },
              { name: "c", url: "https://example.com/ok" },
            ],
          },
        },
      });
      expect(res.status).toBe(201);
      const { artifact } = (await res.json()) as { artifact: { parts: unknown[] } };
      expect(JSON.stringify(artifact.parts)).not.toMatch(/javascript:|data:text/i);
      expect(artifact.parts).toEqual([
        {
          kind: "data",
          data: {
            items: [
              { name: "a", url: removedUrlText },
              { name: "b", url: removedUrlText },
              { name: "c", url: "https://example.com/ok" },
            ],
          },
        },
      ]);
    });

    it("records a call that never produced a result as error, without an artifact", async () => {
      const { contextId, post } = await setup();
      const res = await post({
        server_name: "everything",
        server_endpoint: endpoint,
        tool_name: "echo",
        input: { message: "hi" },
        context_id: contextId,
        error: "Tool execution timed out",
      });
      expect(res.status).toBe(201);
      const body = (await res.json()) as { execution: unknown; artifact?: unknown };
      expect(toolExecutionRecordSchema.parse(body.execution)).toMatchObject({
        status: "error",
        error: "Tool execution timed out",
        artifact_id: null,
      });
      expect(body.artifact).toBeUndefined();
    });

    it("refuses bad reports and changes nothing: built-in names, other users' conversations, bad bodies, no token", async () => {
      const { app, contextId, post } = await setup();
      const bob = await taskUser(app);
      const base = {
        server_name: "everything",
        server_endpoint: endpoint,
        tool_name: "echo",
        input: {},
        context_id: contextId,
        result: { content: [] },
      };
      const builtin = await post({ ...base, server_name: "analytics" });
      expect(builtin.status).toBe(400);
      expect(await builtin.json()).toEqual({
        error: "bad_request",
        message: "analytics records its own tool calls",
      });
      expect((await post(base, bob.headers)).status).toBe(404);
      expect((await post({ ...base, result: undefined })).status).toBe(400);
      expect((await post({ ...base, server_endpoint: "javascript:alert(1)" })).status).toBe(400);
      expect(
        (
          await app.request("/api/v1/mcp/executions", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(base),
          })
        ).status,
      ).toBe(401);
      const rows = await app.services.db.kysely
        .selectFrom("tool_executions")
        .select("id")
        .where("context_id", "=", contextId)
        .execute();
      expect(rows).toEqual([]);
    });
  },
);
