import { mcpRequestListSchema, mcpRequestMessages } from "@a2a-chat/contracts";
import { type StreamResponse, TaskState } from "@a2a-js/sdk";
import { afterAll, beforeAll, expect, it } from "vitest";
import { a2aClient, inProcessFetch, sendParams, textMessage } from "../test/a2a.js";
import { describeEachDialect } from "../test/databases.js";
import { startResultsMcp } from "../test/results-mcp.js";
import { taskUser } from "../test/tasks.js";
import { lendUserServer, modelAgentApp } from "../test/user-mcp.js";
import {
  type FakeChatRequest,
  type FakeOpenAiServer,
  type FakeReply,
  startFakeOpenAiServer,
} from "./providers/fake-openai-server.js";

/**
 * An agent's call to a tool annotated destructive (and not read-only) waits for the user's yes:
 * the task is input-required with the question; yes runs the tool, no tells the model the user
 * refused, and the tool does not run.
 */

const usage = () => ({ prompt_tokens: 5, completion_tokens: 3 });
function script(request: FakeChatRequest): FakeReply {
  if (request.body.messages.at(-1)?.role === "tool")
    return { kind: "text", chunks: ["Done with the notes."], usage: usage() };
  return {
    kind: "tool-call",
    id: `call-${request.body.messages.length}`,
    name: "erase-notes",
    argumentPieces: ["{}"],
    usage: usage(),
  };
}

let fake: FakeOpenAiServer;
let results: Awaited<ReturnType<typeof startResultsMcp>>;
beforeAll(async () => {
  fake = await startFakeOpenAiServer(script);
  results = await startResultsMcp();
}, 30_000);
afterAll(async () => {
  await fake?.close();
  await results?.close();
});

const stateOf = (event: StreamResponse | undefined) =>
  event?.payload?.$case === "statusUpdate" || event?.payload?.$case === "task"
    ? event.payload.value.status?.state
    : undefined;

describeEachDialect("an agent's call to a destructive tool", (get) => {
  it("asks the user first: yes runs it, no tells the model the user refused", async () => {
    const app = modelAgentApp(get(), fake.baseUrl, { name: "cleaner", description: "Cleans" });
    const user = await taskUser(app);
    await lendUserServer(
      app,
      user.session.access_token,
      { name: "Notes", url: results.url },
      "all",
    );
    const contextId = await user.createContext();
    const a2a = await a2aClient(inProcessFetch(app, user.session.access_token), "cleaner");
    const collect = async (message: ReturnType<typeof textMessage>) => {
      const events: StreamResponse[] = [];
      for await (const event of a2a.sendMessageStream(sendParams(message))) events.push(event);
      return events;
    };
    const before = results.erased.length;

    // Yes: the tool runs once the user says so.
    const asked = await collect(textMessage(contextId, "erase my notes"));
    const waiting = asked.at(-1)?.payload;
    expect(stateOf(asked.at(-1))).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    const status = waiting?.$case === "statusUpdate" ? waiting.value.status : undefined;
    const part = status?.message?.parts[0]?.content;
    expect(part?.$case === "text" && part.value).toBe(
      "Allow erase-notes to run? It may delete or overwrite data.",
    );
    const listed = mcpRequestListSchema.parse(
      await (await app.request("/api/v1/mcp/requests", { headers: user.headers })).json(),
    ).data;
    expect(listed[0]?.params.message).toBe(
      "The server Notes says erase-notes may delete or overwrite data. Let the agent run it?",
    );
    expect(results.erased.length).toBe(before);
    const taskId = waiting?.$case === "statusUpdate" ? waiting.value.taskId : "";
    const ran = await collect(textMessage(contextId, "yes", taskId));
    expect(stateOf(ran.at(-1))).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(results.erased.length).toBe(before + 1);

    // No: the model is told, and nothing runs.
    const again = await collect(textMessage(contextId, "erase them again"));
    const next = again.at(-1)?.payload;
    const nextTask = next?.$case === "statusUpdate" ? next.value.taskId : "";
    const from = fake.requests.length;
    const refused = await collect(textMessage(contextId, "no", nextTask));
    expect(stateOf(refused.at(-1))).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(results.erased.length).toBe(before + 1);
    const told = fake.requests.slice(from)[0]?.body.messages.find((m) => m.role === "tool");
    expect(JSON.stringify(told?.content ?? "")).toContain(
      mcpRequestMessages.toolRefused("erase-notes"),
    );
    expect(mcpRequestMessages.toolRefused("erase-notes")).toBe(
      "The user did not allow erase-notes to run, so it did not run.",
    );
  });
});
