import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp } from "../test/app.js";
import { describeEachDialect } from "../test/databases.js";
import { startMisbehavingMcp } from "../test/misbehaving-mcp.js";
import { openAgentTools, toolTimeoutText } from "./mcp-tools.js";

let mcp: Awaited<ReturnType<typeof startMisbehavingMcp>>;
beforeAll(async () => {
  mcp = await startMisbehavingMcp();
});
afterAll(async () => {
  await mcp?.close();
});

describeEachDialect("a tool call that gets no answer in time (issue 40)", (get) => {
  it("is a failed call whose result says it timed out, not an error that stops the turn", async () => {
    const app = createTestApp(get(), {
      config: {
        mcp: { servers: [{ name: "hanger", url: `${mcp.origin}/hang` }] },
      },
    });
    const agent = { ...app.services.config.agents[0], mcpServers: ["hanger"] } as NonNullable<
      (typeof app.services.config.agents)[0]
    >;
    const tools = await openAgentTools({
      services: app.services,
      agent,
      token: undefined,
      scopes: [],
      contextId: "c1",
      taskId: "t1",
      traceId: "trace",
      origin: "http://localhost:8080",
      callTimeoutMs: 300,
    });
    try {
      const slow = tools.tools.find((tool) => tool.name === "slow");
      expect(slow).toBeDefined();
      const result = await slow?.execute({}, new AbortController().signal);
      expect(result).toEqual({
        isError: true,
        text: "Tool execution timed out: no answer within 300 ms.",
      });
      expect(toolTimeoutText(60_000)).toBe("Tool execution timed out: no answer within 60 s.");
    } finally {
      await tools.close();
    }
  }, 20_000);
});
