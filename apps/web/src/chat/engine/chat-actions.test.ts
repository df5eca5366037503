import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAccountModal } from "../../accounts/account-modal-store.js";
import type { FetchLike } from "../../lib/api.js";
import { useAuthStore } from "../../stores/auth-store.js";
import {
  contextNotInitializedMessage,
  noConversationSelectedMessage,
} from "../../stores/contexts-selectors.js";
import { useContextsStore } from "../../stores/contexts-store.js";
import { resetAllStores } from "../../stores/reset.js";
import { anonymousReply, makeJwt } from "../../test/jwt-fixture.js";
import { contextRecord } from "../../test/sse-fixture.js";
import { useDraftsStore } from "../composer/drafts-store.js";
import { selectIsStreaming } from "../conversation-selectors.js";
import type { ChatStreamEvent } from "../model/chat-types.js";
import { AgentClientError, toAgentClientError } from "./agent-client-error.js";
import { setAgentClientFactory } from "./agent-clients.js";
import {
  authorizeTask,
  clientNotInitializedMessage,
  permissionDeniedMessage,
  respondToInput,
  retryAfterSignIn,
  sendFailedMessage,
  sendMessage,
  stopGenerating,
} from "./chat-actions.js";
import { assistantPlaceholder } from "./chat-messages.js";
import { addOptimistic, applyStreamEvent } from "./chat-reducers.js";
import { runningTaskIds } from "./chat-runs.js";
import { useChatStore } from "./chat-store.js";
import {
  ControlledStream,
  eventsOf,
  FakeAgentClient,
  testAgent,
  testTask,
  textMessage,
} from "./engine-fixtures.js";
import { maxTaskPollFailures, taskPollIntervalMs } from "./follow-task.js";
import { applyServerMessage } from "./history-reducers.js";
import { setFrameScheduler } from "./stream-pipe.js";

const agent = testAgent();
const chat = () => useChatStore.getState();
const messages = () => chat().messagesByContext["ctx-1"] ?? [];
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const submitted = testTask({
  status: { state: "submitted", timestamp: "2025-01-01T00:00:00.000Z" },
  history: [],
});
const text = (delta: string): ChatStreamEvent => ({
  type: "text",
  taskId: "task-1",
  contextId: "ctx-1",
  delta,
});
const status = (
  state: "working" | "completed" | "input-required" | "auth-required",
  reply?: string,
): ChatStreamEvent => ({
  type: "status",
  taskId: "task-1",
  contextId: "ctx-1",
  state,
  timestamp: "2025-01-01T00:00:03.000Z",
  final: state !== "working",
  ...(reply ? { message: textMessage("reply-1", "agent", reply) } : {}),
});

let fake: FakeAgentClient;

beforeEach(() => {
  localStorage.clear();
  useAuthStore.getState().setAnonymousAuth(anonymousReply("anon-1"));
  resetAllStores();
  fake = new FakeAgentClient();
  setAgentClientFactory(() => fake);
  setFrameScheduler((callback) => callback());
  useContextsStore.getState().receiveSnapshot([contextRecord("ctx-1", { message_count: 2 })]);
});

afterEach(() => {
  setAgentClientFactory();
  setFrameScheduler();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("sendMessage refusals", () => {
  it("refuses without an agent client", async () => {
    expect(await sendMessage(null, { text: "hi" })).toBe(false);
    expect(chat().error).toBe(clientNotInitializedMessage);
  });

  it("refuses before the conversations loaded, and without a current conversation", async () => {
    resetAllStores();
    expect(await sendMessage(agent, { text: "hi" })).toBe(false);
    expect(chat().error).toBe(contextNotInitializedMessage);
    vi.stubGlobal(
      "fetch",
      vi.fn<FetchLike>(() => new Promise<Response>(() => undefined)),
    );
    useContextsStore.getState().receiveSnapshot([]);
    expect(await sendMessage(agent, { text: "hi" })).toBe(false);
    expect(chat().error).toBe(noConversationSelectedMessage);
    expect(fake.sent).toEqual([]);
  });

  it("refuses blank text without files, silently", async () => {
    expect(await sendMessage(agent, { text: "   \n" })).toBe(false);
    expect(chat().error).toBeNull();
    expect(fake.sent).toEqual([]);
  });

  it("refuses a second send while one is in flight", async () => {
    const stream = new ControlledStream();
    fake.onSend = () => stream;
    const first = sendMessage(agent, { text: "one" });
    expect(await sendMessage(agent, { text: "two" })).toBe(false);
    stream.end();
    expect(await first).toBe(true);
    expect(fake.sent).toHaveLength(1);
  });
});

describe("sendMessage streaming", () => {
  it("shows optimistic messages, streams the reply, and ends final", async () => {
    const stream = new ControlledStream();
    fake.onSend = () => stream;
    fake.onGetTask = async () =>
      testTask({
        history: [
          textMessage("u", "user", "hello"),
          textMessage("reply-1", "agent", "Hello there"),
        ],
      });
    const sent = sendMessage(agent, {
      text: "  hello  ",
      files: [
        {
          name: "a.txt",
          mimeType: "text/plain",
          size: 2,
          uri: "http://localhost/api/v1/core/files/f-1",
        },
      ],
    });

    const [user, placeholder] = messages();
    expect(user).toMatchObject({
      role: "user",
      content: "hello",
      isOptimistic: true,
      agentId: agent.url,
    });
    expect(placeholder).toMatchObject({ role: "assistant", isStreaming: true, content: "" });
    expect(chat()).toMatchObject({ sending: true, streamingMessageId: placeholder?.id });
    expect(fake.sent[0]?.message).toMatchObject({
      contextId: "ctx-1",
      messageId: user?.id,
      parts: [{ kind: "text", text: "hello" }, { kind: "file" }],
    });
    expect(fake.sent[0]?.options).toMatchObject({
      pushUrl: `${window.location.origin}/api/v1/core/contexts/ctx-1/notifications`,
      token: useAuthStore.getState().accessToken,
    });

    stream.push({ type: "task", task: submitted }, text("Hel"), text("lo"));
    await flush();
    expect(messages()[1]).toMatchObject({ content: "Hello", taskId: "task-1" });
    expect(useContextsStore.getState().conversations[0]?.messageCount).toBe(3);
    expect(chat().activeTaskByContext).toEqual({ "ctx-1": "task-1" });

    stream.push(status("completed", "Hello there"));
    stream.end();
    expect(await sent).toBe(true);
    expect(fake.taskReads).toEqual(["task-1"]);
    expect(messages()[1]).toMatchObject({
      content: "Hello there",
      isStreaming: false,
      taskState: "completed",
    });
    expect(chat()).toMatchObject({
      sending: false,
      streamingMessageId: null,
      activeTaskByContext: {},
    });
    expect(chat().tasksById["task-1"]?.history).toHaveLength(2);
  });

  it("batches text into at most one store update per frame", async () => {
    const frames: Array<() => void> = [];
    setFrameScheduler((callback) => frames.push(callback));
    const stream = new ControlledStream();
    fake.onSend = () => stream;
    const sent = sendMessage(agent, { text: "hi" });
    stream.push({ type: "task", task: submitted });
    await flush();
    const updates = vi.fn();
    const unsubscribe = useChatStore.subscribe(updates);
    stream.push(...Array.from({ length: 50 }, (_, i) => text(String(i % 10))));
    await flush();
    expect(updates).not.toHaveBeenCalled();
    expect(frames).toHaveLength(1);
    frames[0]?.();
    expect(updates).toHaveBeenCalledOnce();
    expect(messages()[1]?.content).toHaveLength(50);
    unsubscribe();
    stream.push(status("completed", "done"));
    stream.end();
    await sent;
  });

  it("removes the optimistic messages and says why when the send fails", async () => {
    fake.onSend = () =>
      eventsOf(
        [],
        new AgentClientError("Forbidden. You do not have permission to access this resource.", 403),
      );
    expect(await sendMessage(agent, { text: "hi" })).toBe(false);
    expect(messages()).toEqual([]);
    expect(chat()).toMatchObject({
      error: permissionDeniedMessage,
      sending: false,
      streamingMessageId: null,
    });

    fake.onSend = () =>
      eventsOf([], new AgentClientError("A2A Error: Insufficient permissions", undefined, -32010));
    await sendMessage(agent, { text: "hi" });
    expect(chat().error).toBe(permissionDeniedMessage);

    fake.onSend = () => eventsOf([], new Error("A2A Error: Context not found"));
    await sendMessage(agent, { text: "hi" });
    expect(chat().error).toBe("A2A Error: Context not found");

    // A 401 says what the server said, else asks to log in again (core spec §8), never the 403 text.
    fake.onSend = () => eventsOf([], toAgentClientError(new Error("401"), { status: 401 }));
    await sendMessage(agent, { text: "hi" });
    expect(chat().error).toBe("Unauthorized. Please log in again.");
    fake.onSend = () =>
      eventsOf(
        [],
        toAgentClientError(new Error("401"), { status: 401, message: "Session revoked" }),
      );
    await sendMessage(agent, { text: "hi" });
    expect(chat().error).toBe("Session revoked");

    fake.onSend = () => eventsOf([], new Error(""));
    await sendMessage(agent, { text: "hi" });
    expect(chat().error).toBe(sendFailedMessage);
    expect(messages()).toEqual([]);
  });

  it("shows a connection error when the client cannot be set up, and clears it once a send works", async () => {
    fake.onSend = () =>
      eventsOf(
        [],
        new AgentClientError(
          `Failed to connect to agent at ${agent.url}`,
          undefined,
          undefined,
          true,
        ),
      );
    expect(await sendMessage(agent, { text: "hi" })).toBe(false);
    expect(chat().connectionError).toBe(`Failed to connect to agent at ${agent.url}`);
    fake.onSend = () => eventsOf([{ type: "task", task: testTask() }]);
    await sendMessage(agent, { text: "hi" });
    expect(chat().connectionError).toBeNull();
  });

  it("follows the task when the stream breaks after the agent took the message", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    fake.onSend = () =>
      eventsOf([{ type: "task", task: submitted }, text("Hal")], new TypeError("network"));
    fake.onResubscribe = () => eventsOf([status("completed", "Half done")]);
    expect(await sendMessage(agent, { text: "hi" })).toBe(true);
    expect(fake.resubscribed).toEqual(["task-1"]);
    expect(messages().map((m) => [m.role, m.content])).toEqual([
      ["user", "hi"],
      ["assistant", "Half done"],
    ]);
    expect(chat().error).toBeNull();
    expect(warn).toHaveBeenCalled();
  });
});

describe("a reply whose server goes away", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("stops counting the task as running once the server does not answer, keeping the text", async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const working = testTask({
      status: { state: "working", timestamp: "2025-01-01T00:00:01.000Z" },
      history: [],
    });
    fake.onSend = () =>
      eventsOf([{ type: "task", task: working }, text("So far")], new TypeError("network"));
    fake.onResubscribe = () => eventsOf([], new TypeError("network"));
    fake.onGetTask = () => Promise.reject(new AgentClientError("Network error"));
    const sending = sendMessage(agent, { text: "hi" });
    // Resubscribing fails, then one failed read a second until polling gives up.
    for (let i = 0; i < maxTaskPollFailures; i += 1) {
      expect(selectIsStreaming(chat(), "ctx-1")).toBe(true);
      await vi.advanceTimersByTimeAsync(taskPollIntervalMs);
    }
    expect(await sending).toBe(true);
    expect(fake.taskReads).toHaveLength(maxTaskPollFailures);
    expect(selectIsStreaming(chat(), "ctx-1")).toBe(false);
    expect(chat().activeTaskByContext).toEqual({});
    expect(messages().map((m) => [m.role, m.content, m.isStreaming])).toEqual([
      ["user", "hi", false],
      ["assistant", "So far", false],
    ]);

    expect(warn).toHaveBeenCalled();
  });
});

describe("stopGenerating", () => {
  /** A send whose stream ends on abort, to an agent that answers a cancel with "Task canceled.". */
  function cancelableSend(): ControlledStream {
    const stream = new ControlledStream();
    fake.onSend = (_message, options) => {
      options?.signal?.addEventListener("abort", () =>
        stream.fail(new DOMException("Aborted", "AbortError")),
      );
      return stream;
    };
    fake.onCancel = async () =>
      testTask({
        state: "canceled",
        status: {
          state: "canceled",
          timestamp: "2025-01-01T00:00:09.000Z",
          message: textMessage("reply-1", "agent", "Task canceled."),
        },
      });
    return stream;
  }

  it("cancels the running task and ends the stream", async () => {
    const stream = cancelableSend();
    const sent = sendMessage(agent, { text: "long story" });
    stream.push({ type: "task", task: submitted }, text("Once"));
    await flush();
    await stopGenerating();
    expect(await sent).toBe(true);
    expect(fake.canceled).toEqual(["task-1"]);
    expect(messages()[1]).toMatchObject({
      isStreaming: false,
      taskState: "canceled",
      content: "Task canceled.",
    });
    expect(chat()).toMatchObject({ sending: false, error: null });
  });

  it("cancels the task when the stop comes before the stream named it", async () => {
    const stream = cancelableSend();
    const sent = sendMessage(agent, { text: "long story" });
    await flush();
    // Esc at once: no event has come yet, so the task is not known.
    const stopped = stopGenerating();
    await flush();
    expect(fake.canceled).toEqual([]);
    stream.push({ type: "task", task: submitted });
    await stopped;
    expect(await sent).toBe(true);
    expect(fake.canceled).toEqual(["task-1"]);
    expect(messages()[1]).toMatchObject({ isStreaming: false, taskState: "canceled" });
  });

  it("does nothing when nothing runs", async () => {
    await stopGenerating();
    expect(fake.canceled).toEqual([]);
  });
});

describe("respondToInput and authorizeTask", () => {
  async function askedTask() {
    fake.onSend = () =>
      eventsOf([{ type: "task", task: submitted }, status("input-required", "Which region?")]);
    fake.onGetTask = async () => testTask({ state: "input-required" });
    await sendMessage(agent, { text: "a table" });
    expect(chat().pendingInputRequests["task-1"]?.message).toBe("Which region?");
  }

  it("sends the trimmed answer on the same task and conversation, resolving the request", async () => {
    await askedTask();
    fake.onSend = () => eventsOf([status("working"), status("completed", "Here")]);
    fake.onGetTask = async () => testTask();
    expect(await respondToInput(agent, "task-1", "  Europe ")).toBe(true);
    expect(fake.sent[1]?.message).toMatchObject({
      taskId: "task-1",
      contextId: "ctx-1",
      parts: [{ kind: "text", text: "Europe" }],
    });
    expect(chat().pendingInputRequests).toEqual({});
    expect(messages().map((m) => m.content)).toEqual([
      "a table",
      "Which region?",
      "Europe",
      "Here",
    ]);
  });

  it("keeps one bubble per reply when the stored reply arrives before the answer's stream", async () => {
    // The live stream and the agent's stream are two connections: the stored reply can come
    // first, before the answer's stream has said a word about its task.
    const question = textMessage("reply-1", "agent", "Which region?");
    const reply = textMessage("reply-2", "agent", "Here");
    await askedTask();
    const stream = new ControlledStream();
    fake.onSend = () => stream;
    const completed = testTask({
      history: [textMessage("m-user", "user", "a table"), question, reply],
      status: { state: "completed", timestamp: "2025-01-01T00:00:09.000Z", message: reply },
    });
    fake.onGetTask = async () => completed;
    const answered = respondToInput(agent, "task-1", "Europe");
    await flush();
    const stored = (message: typeof reply) =>
      useChatStore.setState((state) =>
        applyServerMessage(
          state,
          { contextId: "ctx-1", taskId: "task-1", message, createdAt: "2025-01-01T00:00:08.000Z" },
          runningTaskIds(),
        ),
      );
    stored(reply);
    const shown = () => messages().map((m) => m.content);
    expect(shown()).toEqual(["a table", "Which region?", "Europe", ""]);
    stream.push(
      { type: "task", task: testTask({ state: "working" }) },
      { type: "text", taskId: "task-1", contextId: "ctx-1", delta: "He", messageId: "reply-2" },
    );
    await flush();
    expect(shown()).toEqual(["a table", "Which region?", "Europe", "He"]);
    stream.push(
      { type: "text", taskId: "task-1", contextId: "ctx-1", delta: "re", messageId: "reply-2" },
      {
        type: "status",
        taskId: "task-1",
        contextId: "ctx-1",
        state: "completed",
        timestamp: "2025-01-01T00:00:09.000Z",
        final: true,
        message: reply,
      },
    );
    await answered;
    expect(shown()).toEqual(["a table", "Which region?", "Europe", "Here"]);
    // Arriving again once the stream ended, the stored reply is recognised by its id.
    stored(reply);
    stored(question);
    expect(shown()).toEqual(["a table", "Which region?", "Europe", "Here"]);
    expect(
      messages()
        .filter((m) => m.role === "assistant")
        .map((m) => m.replyId ?? m.id),
    ).toEqual(["reply-1", "reply-2"]);
  });

  it("does not let a task read back after the user answered rewrite the question's bubble", () => {
    const question = textMessage("reply-1", "agent", "Which region?");
    const reply = textMessage("reply-2", "agent", "Here");
    useChatStore.setState((state) =>
      addOptimistic(state, {
        assistant: {
          ...assistantPlaceholder({
            id: "p-1",
            contextId: "ctx-1",
            timestamp: "2025-01-01T00:00:01.000Z",
          }),
          content: "Which region?",
          replyId: "reply-1",
          taskId: "task-1",
          isStreaming: false,
        },
      }),
    );
    const later = testTask({
      history: [
        textMessage("m-user", "user", "a table"),
        question,
        textMessage("u-2", "user", "Europe"),
        reply,
      ],
      status: { state: "completed", timestamp: "2025-01-01T00:00:09.000Z", message: reply },
    });
    useChatStore.setState((state) =>
      applyStreamEvent(
        state,
        { contextId: "ctx-1", messageId: "p-1" },
        { type: "task", task: later },
      ),
    );
    expect(messages().map((m) => m.content)).toEqual(["Which region?"]);
    expect(chat().tasksById["task-1"]?.status.state).toBe("completed");
  });

  it("refuses a blank answer and brings the request back when the answer fails", async () => {
    await askedTask();
    expect(await respondToInput(agent, "task-1", "   ")).toBe(false);
    expect(fake.sent).toHaveLength(1);
    fake.onSend = () => eventsOf([], new Error("down"));
    expect(await respondToInput(agent, "task-1", "Europe")).toBe(false);
    expect(chat().pendingInputRequests["task-1"]?.message).toBe("Which region?");
    expect(chat().error).toBe("down");
  });

  it("waits for the send before it to end when the answer comes first (the live stream showed the question)", async () => {
    const stream = new ControlledStream();
    fake.onSend = () => stream;
    fake.onGetTask = async () => testTask({ state: "input-required" });
    const sending = sendMessage(agent, { text: "erase my notes" });
    stream.push({ type: "task", task: submitted }, status("working"));
    await flush();
    expect(chat().sending).toBe(true);
    // The user answers before this tab's stream has said the task waits: not dropped.
    fake.onSend = () => eventsOf([status("working"), status("completed", "Done")]);
    const answered = respondToInput(agent, "task-1", "Accepted");
    await flush();
    expect(fake.sent).toHaveLength(1);
    stream.push(status("input-required", "Allow erase-notes to run?"));
    expect(await sending).toBe(true);
    expect(await answered).toBe(true);
    expect(fake.sent[1]?.message).toMatchObject({
      taskId: "task-1",
      parts: [{ kind: "text", text: "Accepted" }],
    });
  });

  it("leaves a stream at an authorization request although the agent keeps it open", async () => {
    const stream = new ControlledStream();
    fake.onSend = () => stream;
    fake.onGetTask = async () => testTask({ state: "auth-required" });
    const sending = sendMessage(agent, { text: "connect my github account" });
    stream.push({ type: "task", task: submitted }, status("auth-required", "Please sign in"));
    // Never ended by the agent: the send still settles, so the composer and Authorize work.
    expect(await sending).toBe(true);
    expect(chat().sending).toBe(false);
    expect(chat().pendingAuthRequests["task-1"]?.message).toBe("Please sign in");
    fake.onSend = () =>
      eventsOf([{ type: "task", task: testTask({ state: "working" }) }, status("completed", "Ok")]);
    fake.onGetTask = async () => testTask();
    expect(await authorizeTask(agent, "task-1")).toBe(true);
    expect(fake.sent[1]?.message).toMatchObject({ taskId: "task-1" });
    expect(chat().pendingAuthRequests).toEqual({});
  });

  it("answers the waiting task with a message typed in the normal box, files included", async () => {
    await askedTask();
    fake.onSend = () => eventsOf([status("working"), status("completed", "Here")]);
    fake.onGetTask = async () => testTask();
    const file = {
      name: "a.txt",
      mimeType: "text/plain",
      size: 2,
      uri: "http://localhost/api/v1/core/files/f-1",
    };
    expect(await sendMessage(agent, { text: " Europe ", files: [file] })).toBe(true);
    expect(fake.sent[1]?.message).toMatchObject({
      taskId: "task-1",
      contextId: "ctx-1",
      parts: [{ kind: "text", text: "Europe" }, { kind: "file" }],
    });
    expect(chat().pendingInputRequests).toEqual({});
  });

  it("starts a new task when the waiting one belongs to another agent", async () => {
    await askedTask();
    const coder = testAgent({
      name: "coder",
      url: `${window.location.origin}/api/v1/agents/coder`,
    });
    const other = testTask({ id: "task-2", state: "working" });
    fake.onSend = () => eventsOf([{ type: "task", task: other }]);
    fake.onGetTask = async () => ({ ...other, status: { ...other.status, state: "completed" } });
    expect(await sendMessage(coder, { text: "hello" })).toBe(true);
    expect(fake.sent[1]?.message.taskId).toBeUndefined();
    expect(chat().pendingInputRequests["task-1"]?.message).toBe("Which region?");
  });

  it("answers 'done' to a task waiting for authorization", async () => {
    await askedTask();
    await authorizeTask(agent, "task-1");
    expect(fake.sent[1]?.message).toMatchObject({
      taskId: "task-1",
      parts: [{ kind: "text", text: "done" }],
    });
  });
});

describe("a send to a secured agent before sign-in", () => {
  const secured = testAgent({ securitySchemes: { bearer: "HTTP bearer" } });
  const signIn = (userId: string) =>
    useAuthStore.getState().setAuth({
      access_token: makeJwt({ sub: userId, scope: "user", user_type: "authenticated", exp: 4e9 }),
      token_type: "Bearer",
      user_id: userId,
      session_id: "s-1",
      expires_in: 3600,
    });
  const draftText = () => useDraftsStore.getState().drafts["ctx-1"]?.text ?? "";

  it("opens sign-in naming the agent, sends once signed in, and clears the text the box got back", async () => {
    expect(await sendMessage(secured, { text: " hello vault " })).toBe(false);
    expect(fake.sent).toHaveLength(0);
    const modal = useAccountModal.getState();
    expect(modal).toMatchObject({ mode: "signin", agentName: "Assistant" });
    // The composer puts the refused text back in the box.
    useDraftsStore.getState().setText("ctx-1", "hello vault");
    signIn("anon-1");
    modal.onSignedIn?.();
    await vi.waitFor(() => expect(fake.sent).toHaveLength(1));
    expect(fake.sent[0]?.message).toMatchObject({
      contextId: "ctx-1",
      parts: [{ kind: "text", text: "hello vault" }],
    });
    await vi.waitFor(() => expect(chat().sending).toBe(false));
    expect(draftText()).toBe("");
  });

  it("waits for the account's conversations to load before sending", async () => {
    await sendMessage(secured, { text: "hello vault" });
    const { onSignedIn } = useAccountModal.getState();
    signIn("account-1"); // another user: every store starts again
    onSignedIn?.();
    await flush();
    expect(fake.sent).toHaveLength(0);
    useContextsStore.getState().receiveSnapshot([contextRecord("ctx-1")]);
    await vi.waitFor(() => expect(fake.sent).toHaveLength(1));
    expect(fake.sent[0]?.message.contextId).toBe("ctx-1");
  });

  it("puts the text back in the box when the retried send fails", async () => {
    signIn("account-2");
    useContextsStore.getState().receiveSnapshot([contextRecord("ctx-1")]);
    fake.onSend = () =>
      eventsOf([], new AgentClientError("Forbidden. You do not have permission.", 403));
    expect(await retryAfterSignIn(secured, { text: "hello vault" })).toBe(false);
    expect(chat().error).toBe(permissionDeniedMessage);
    expect(draftText()).toBe("hello vault");
  });
});
