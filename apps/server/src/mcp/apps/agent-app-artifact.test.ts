import { mcpAppArtifactKey } from "@a2a-chat/contracts";
import { TaskState } from "@a2a-js/sdk";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  type FakeChatRequest,
  type FakeOpenAiServer,
  type FakeReply,
  startFakeOpenAiServer,
} from "../../agents/providers/fake-openai-server.js";
import { a2aClient, inProcessFetch, sendParams, textMessage } from "../../test/a2a.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { taskUser } from "../../test/tasks.js";
import { salesExplorerUri } from "../servers/analytics/sales-explorer.js";

/** The model: opens the sales explorer, then says it did. */
function script(request: FakeChatRequest): FakeReply {
  const usage = { prompt_tokens: 5, completion_tokens: 3 };
  if (request.body.messages.at(-1)?.role === "tool") {
    return { kind: "text", chunks: ["Opened."], usage };
  }
  return {
    kind: "tool-call",
    id: "call-explorer",
    name: "sales_explorer",
    argumentPieces: [JSON.stringify({ metric: "orders" })],
    usage,
  };
}

let fake: FakeOpenAiServer;
beforeAll(async () => {
  fake = await startFakeOpenAiServer(script);
});
afterAll(async () => {
  await fake?.close();
});

describeEachDialect("an agent's tool call with an MCP App, as A2A clients get it", (get) => {
  it("is an artifact with the data and the mcp_app marker, over A2A", async () => {
    const app = createTestApp(get(), {
      config: {
        providers: { compatible: { baseUrl: fake.baseUrl, apiKey: "k" } },
        agents: [
          {
            name: "explorer",
            description: "Opens apps",
            systemPrompt: "Use tools.",
            model: "compatible:fake-model",
            mcpServers: ["analytics"],
            default: true,
          },
        ],
      },
    });
    const user = await taskUser(app);
    const contextId = await user.createContext();
    const a2a = await a2aClient(inProcessFetch(app, user.session.access_token), "explorer");
    const sent = await a2a.sendMessage(sendParams(textMessage(contextId, "explore the sales")));
    if (!("id" in sent)) throw new Error("expected a task");
    let task = await a2a.getTask({ tenant: "", id: sent.id, historyLength: undefined });
    for (let i = 0; i < 100 && task.status?.state !== TaskState.TASK_STATE_COMPLETED; i++) {
      await new Promise((r) => setTimeout(r, 50));
      task = await a2a.getTask({ tenant: "", id: sent.id, historyLength: undefined });
    }
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    const artifact = task.artifacts.find((a) => a.name === "sales_explorer");
    expect(artifact?.metadata?.[mcpAppArtifactKey]).toEqual({
      resource_uri: salesExplorerUri,
      server_endpoint: expect.stringMatching(/\/api\/v1\/mcp\/analytics\/mcp$/),
      server_name: "analytics",
    });
    // A client that knows nothing of MCP Apps still gets the call's data.
    const data = artifact?.parts.find((p) => p.content?.$case === "data");
    expect(data?.content?.value).toEqual({ group_by: "month", metric: "orders" });
  });
});
