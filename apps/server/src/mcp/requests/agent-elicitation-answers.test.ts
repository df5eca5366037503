import { mcpRequestListSchema, mcpRequestMetadataKey } from "@a2a-chat/contracts";
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
 * The A2A side of an agent's tool call that elicits: the turn's stream ends at input-required
 * with the server's question and form, and a message on the task answers it (typed text read as
 * the form takes it, or the form's values as a data part); the sender then follows the turn to
 * its end. A message that does not fit the form is refused and changes nothing.
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

function stateOf(event: StreamResponse | undefined): TaskState | undefined {
  const payload = event?.payload;
  if (payload?.$case === "statusUpdate") return payload.value.status?.state;
  if (payload?.$case === "task") return payload.value.status?.state;
  return undefined;
}

function taskIdOf(event: StreamResponse | undefined): string {
  const payload = event?.payload;
  return payload?.$case === "statusUpdate" ? payload.value.taskId : "";
}

function textOfStatus(event: StreamResponse | undefined) {
  const payload = event?.payload;
  const status = payload?.$case === "statusUpdate" ? payload.value.status : undefined;
  const part = status?.message?.parts[0];
  return {
    text: part?.content?.$case === "text" ? part.content.value : undefined,
    metadata: part?.metadata as Record<string, unknown> | undefined,
  };
}

describeEachDialect("answering an agent's elicitation on its task", (get) => {
  it("ends the stream at input-required with the form; typed and data answers resume the call", async () => {
    const app = modelAgentApp(get(), fake.baseUrl, {
      name: "asker",
      description: "Asks through a tool",
    });
    const user = await taskUser(app);
    await lendUserServer(
      app,
      user.session.access_token,
      { name: "everything", url: everything.url },
      ["asker"],
    );
    const contextId = await user.createContext();
    const a2a = await a2aClient(inProcessFetch(app, user.session.access_token), "asker");
    const collect = async (message: ReturnType<typeof textMessage>) => {
      const events: StreamResponse[] = [];
      for await (const event of a2a.sendMessageStream(sendParams(message))) events.push(event);
      return events;
    };

    // 1. The turn's stream ends where the task waits, with the question and the form.
    const first = await collect(textMessage(contextId, "ask me"));
    expect(stateOf(first.at(-1))).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    const asked = textOfStatus(first.at(-1));
    expect(asked.text).toBe("everything asks: Please provide inputs for the following fields:");
    const question = asked.metadata?.[mcpRequestMetadataKey] as Record<string, unknown>;
    expect(question).toMatchObject({ server_name: "everything", mode: "form" });
    expect(question.requested_schema).toMatchObject({ required: ["name"] });
    const taskId = taskIdOf(first.at(-1));
    expect(taskId).toEqual(expect.any(String));

    // 2. An answer the form cannot take is refused; the question still waits.
    await expect(collect(textMessage(contextId, "{}", taskId))).rejects.toThrow(
      "This answer does not fit the form of everything: it also needs String. Answer in the form instead.",
    );
    const still = mcpRequestListSchema.parse(
      await (await app.request("/api/v1/mcp/requests", { headers: user.headers })).json(),
    );
    expect(still.data.map((r) => r.task_id)).toEqual([taskId]);

    // 3. Typed text fills the form's required field; the sender follows the turn to its end.
    const from = fake.requests.length;
    const second = await collect(textMessage(contextId, "Grace Hopper", taskId));
    expect(stateOf(second.at(-1))).toBe(TaskState.TASK_STATE_COMPLETED);
    const toolMessage = fake.requests.slice(from)[0]?.body.messages.find((m) => m.role === "tool");
    expect(JSON.stringify(toolMessage?.content ?? "")).toContain("Grace Hopper");
    expect(JSON.stringify(toolMessage?.content ?? "")).toContain("It was a dark and stormy night.");
    const task = (await (
      await app.request(`/api/v1/core/tasks/${taskId}`, { headers: user.headers })
    ).json()) as {
      status: { state: string };
      history: { role: string; parts: { text?: string }[] }[];
    };
    expect(task.status.state).toBe("completed");
    expect(task.history.some((m) => m.role === "user" && m.parts[0]?.text === "Grace Hopper")).toBe(
      true,
    );

    // 4. The form's values as a data part (a decline here).
    const third = await collect(textMessage(contextId, "ask me again"));
    const nextTask = taskIdOf(third.at(-1));
    expect(stateOf(third.at(-1))).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    const decline = textMessage(contextId, "", nextTask);
    decline.parts = [
      {
        content: { $case: "data", value: { action: "decline" } },
        mediaType: "application/json",
        filename: "",
        metadata: undefined,
      },
    ];
    const fourth = await collect(decline);
    expect(stateOf(fourth.at(-1))).toBe(TaskState.TASK_STATE_COMPLETED);
    const declined = fake.requests.at(-1)?.body.messages.find((m) => m.role === "tool");
    expect(JSON.stringify(declined?.content ?? "")).toContain("decline");
  });
});
