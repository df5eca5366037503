import { externalMcpServerSchema, mcpRequestSchema, tokenReplySchema } from "@a2a-chat/contracts";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../../test/databases.js";
import { type EverythingProcess, startEverything } from "../../test/everything.js";
import { processDatabase } from "../../test/process-database.js";
import { type ServerProcess, startServerProcess } from "../../test/server-process.js";
import { SseReader } from "../../test/sse.js";

const run = testDialects.includes("postgres") ? describe : describe.skip;

/**
 * The tool call runs on replica B (which holds the upstream session); the user's browser is
 * connected to replica A, learns of the question there and answers there; B hears the answer.
 */
run("a server's question across two replicas on one PostgreSQL database", () => {
  const database = processDatabase("ask");
  let a: ServerProcess;
  let b: ServerProcess;
  let everything: EverythingProcess;
  let token = "";

  beforeAll(async () => {
    everything = await startEverything();
    const env = {
      ...database.env(),
      OUTBOUND_ALLOW_HOSTS: "127.0.0.1",
      OUTBOUND_CREDENTIALS_KEY: Buffer.alloc(32, 3).toString("base64"),
      // No poll within the test's time: only the answer's notice can wake replica B.
      MCP_ASK_POLL_SECONDS: "600",
    };
    a = await startServerProcess(env);
    b = await startServerProcess(env);
    const res = await fetch(`${a.url}/api/v1/core/oauth/session`, { method: "POST" });
    token = tokenReplySchema.parse(await res.json()).access_token;
  }, 90_000);

  afterAll(async () => {
    await a?.kill();
    await b?.kill();
    await everything?.stop();
    await database.dispose();
  });

  it("is shown by the replica holding the stream and answered there; the call on the other completes", async () => {
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const added = await fetch(`${b.url}/api/v1/mcp/external`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "Everything", url: everything.url }),
    });
    expect(added.status).toBe(201);
    const { endpoint } = externalMcpServerSchema.parse(await added.json());

    const stream = new SseReader(
      await fetch(`${a.url}/api/v1/stream/contexts`, {
        headers: { authorization: headers.authorization },
      }),
    );
    expect((await stream.next(5000)).event).toBe("snapshot");

    const client = new Client({ name: "browser", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${b.url}${endpoint}`), {
        requestInit: { headers: { authorization: headers.authorization } },
      }),
    );
    const call = client.callTool({ name: "trigger-elicitation-request", arguments: {} });
    let event = await stream.next(10_000);
    while (event.event !== "mcp_request_created") event = await stream.next(10_000);
    const request = mcpRequestSchema.parse(event.envelope.data);

    const answeredAt = performance.now();
    const res = await fetch(`${a.url}/api/v1/mcp/requests/${request.id}/answer`, {
      method: "POST",
      headers,
      body: JSON.stringify({ action: "accept", content: { name: "Across Replicas" } }),
    });
    expect(res.status).toBe(200);
    const result = (await call) as CallToolResult;
    const latencyMs = performance.now() - answeredAt;
    expect(JSON.stringify(result.content)).toContain("Across Replicas");
    // Woken by LISTEN/NOTIFY: with the poll at 10 minutes nothing else reads the row in time.
    console.info(`answer on A to result on B: ${Math.round(latencyMs)} ms`);
    await client.close();
    await stream.close();
  });
});
