import { type McpRequest, mcpRequestListSchema } from "@a2a-chat/contracts";
import { type StreamResponse, TaskState } from "@a2a-js/sdk";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  type FakeChatRequest,
  type FakeOpenAiServer,
  type FakeReply,
  startFakeOpenAiServer,
} from "../../agents/providers/fake-openai-server.js";
import { a2aClient, inProcessFetch, sendParams, textMessage } from "../../test/a2a.js";
import { describeEachDialect } from "../../test/databases.js";
import { type EverythingProcess, startEverything } from "../../test/everything.js";
import { taskUser } from "../../test/tasks.js";
import { lendUserServer, modelAgentApp } from "../../test/user-mcp.js";

/**
 * One of our model-backed agents calls server-everything's tool that elicits: the agent's task
 * waits as input-required with the server's question, the user's answer resumes the tool call,
 * the result goes back to the model and the turn completes.
 */

const usage = () => ({ prompt_tokens: 5, completion_tokens: 3 });
function script(request: FakeChatRequest): FakeReply {
  if (request.body.messages.at(-1)?.role === "tool")
    return { kind: "text", chunks: ["Thanks for answering."], usage: usage() };
  return {
    kind: "tool-call",
    id: "call-ask",
    name: "trigger-elicitation-request",
    argumentPieces: ["{}"],
    usage: usage(),
  };
}

let fake: FakeOpenAiServer;
let everything: EverythingProcess;
beforeAll(async () => {
  fake = await startFakeOpenAiServer(script);
  everything = await startEverything();
}, 30_000);
afterAll(async () => {
  await fake?.close();
  await everything?.stop();
});

describeEachDialect("an agent's tool call that elicits", (get) => {
  it("makes the task input-required until the user answers, then completes", async () => {
    const app = modelAgentApp(get(), fake.baseUrl, {
      name: "asker",
      description: "Asks through a tool",
    });
    const user = await taskUser(app);
    // The user adds server-everything and lends it to the agent.
    const { lent } = await lendUserServer(
      app,
      user.session.access_token,
      { name: "everything", url: everything.url },
      ["asker"],
    );
    expect(lent).toBe(200);
    const contextId = await user.createContext();
    const a2a = await a2aClient(inProcessFetch(app, user.session.access_token), "asker");
    const from = fake.requests.length;
    const events: StreamResponse[] = [];
    const turn = (async () => {
      for await (const event of a2a.sendMessageStream(sendParams(textMessage(contextId, "ask me"))))
        events.push(event);
    })();

    let request: McpRequest | undefined;
    for (let i = 0; i < 200 && !request; i += 1) {
      const res = await app.request("/api/v1/mcp/requests", { headers: user.headers });
      request = mcpRequestListSchema.parse(await res.json()).data[0];
      if (!request) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (!request?.task_id) {
      await turn.catch(() => undefined);
      throw new Error(
        `no request with a task came: ${JSON.stringify(request)} ${JSON.stringify(events.at(-1))} ${JSON.stringify(fake.requests.slice(from).map((r) => r.body.messages.at(-1)))}`,
      );
    }
    expect(request).toMatchObject({ kind: "elicitation", context_id: contextId });

    const waiting = (await (
      await app.request(`/api/v1/core/tasks/${request.task_id}`, { headers: user.headers })
    ).json()) as { status: { state: string; message?: { parts: { text?: string }[] } } };
    expect(waiting.status.state).toBe("input-required");
    expect(waiting.status.message?.parts[0]?.text).toBe(
      "everything asks: Please provide inputs for the following fields:",
    );

    const answered = await app.request(`/api/v1/mcp/requests/${request.id}/answer`, {
      method: "POST",
      headers: { ...user.headers, "content-type": "application/json" },
      body: JSON.stringify({ action: "accept", content: { name: "Grace Hopper" } }),
    });
    expect(answered.status).toBe(200);
    // The turn's own stream ended where the task waited (as A2A has it); the run goes on.
    await turn;
    const waited = events.at(-1)?.payload;
    expect(waited?.$case === "statusUpdate" && waited.value.status?.state).toBe(
      TaskState.TASK_STATE_INPUT_REQUIRED,
    );
    let state = "";
    for (let i = 0; i < 200 && state !== "completed"; i += 1) {
      const read = await app.request(`/api/v1/core/tasks/${request.task_id}`, {
        headers: user.headers,
      });
      state = ((await read.json()) as { status: { state: string } }).status.state;
      if (state !== "completed") await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(state).toBe("completed");
    const toolMessage = fake.requests.slice(from)[1]?.body.messages.find((m) => m.role === "tool");
    expect(JSON.stringify(toolMessage?.content ?? "")).toContain("Grace Hopper");
  });
});
