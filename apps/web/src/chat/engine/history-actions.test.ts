import type { Task } from "@a2a-chat/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FetchLike } from "../../lib/api.js";
import { useAuthStore } from "../../stores/auth-store.js";
import { resetAllStores } from "../../stores/reset.js";
import { anonymousReply } from "../../test/jwt-fixture.js";
import { jsonReply } from "../../test/sse-fixture.js";
import { setAgentClientFactory } from "./agent-clients.js";
import { loadHistory, loadMessagesFailedMessage, resumeActiveTasks } from "./chat-actions.js";
import { useChatStore } from "./chat-store.js";
import {
  eventsOf,
  FakeAgentClient,
  testAgent,
  testArtifact,
  testTask,
  textMessage,
} from "./engine-fixtures.js";
import { setFrameScheduler } from "./stream-pipe.js";

const agent = testAgent();
const chat = () => useChatStore.getState();
const messages = () => chat().messagesByContext["ctx-1"] ?? [];

const finished = testTask({
  history: [textMessage("u1", "user", "hi"), textMessage("r1", "agent", "Hello!")],
});
const working = testTask({
  id: "task-2",
  status: { state: "working", timestamp: "2025-01-01T00:00:06.000Z" },
  history: [textMessage("u2", "user", "a chart")],
  artifacts: [testArtifact("a1", { task_id: "task-2" })],
  metadata: {
    task_type: "agent_message",
    agent_name: "assistant",
    created_at: "2025-01-01T00:00:06.000Z",
  },
});
const completedWorking: Task = {
  ...working,
  status: {
    state: "completed",
    timestamp: "2025-01-01T00:00:09.000Z",
    message: textMessage("r2", "agent", "Chart ready"),
  },
  history: [...working.history, textMessage("r2", "agent", "Chart ready")],
};

/** The stream's last event for task-2: completed with its reply. */
const workingCompleted = {
  type: "status",
  taskId: "task-2",
  contextId: "ctx-1",
  state: "completed",
  final: true,
  timestamp: "2025-01-01T00:00:09.000Z",
  message: textMessage("r2", "agent", "Chart ready"),
} as const;

let fake: FakeAgentClient;
let fetchMock: ReturnType<typeof vi.fn<FetchLike>>;

beforeEach(() => {
  localStorage.clear();
  useAuthStore.getState().setAnonymousAuth(anonymousReply("anon-1"));
  resetAllStores();
  fake = new FakeAgentClient();
  setAgentClientFactory(() => fake);
  setFrameScheduler((callback) => callback());
  fetchMock = vi.fn<FetchLike>();
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  setAgentClientFactory();
  setFrameScheduler();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("loadHistory", () => {
  it("shows the newest page at once, then reads older pages until a short one", async () => {
    const task = (n: number): Task =>
      testTask({
        id: `t-${String(n).padStart(4, "0")}`,
        history: [textMessage(`u-${n}`, "user", `question ${n}`)],
        metadata: {
          task_type: "agent_message",
          agent_name: "assistant",
          created_at: new Date(Date.UTC(2025, 0, 1, 0, 0, 0, n)).toISOString(),
        },
      });
    // Newest created first, as the server answers order=created.
    const all = Array.from({ length: 650 }, (_, i) => task(649 - i));
    fetchMock
      .mockResolvedValueOnce(jsonReply(200, all.slice(0, 100)))
      .mockResolvedValueOnce(jsonReply(200, all.slice(100, 600)))
      .mockResolvedValueOnce(jsonReply(200, all.slice(600)));
    await loadHistory("ctx-1");
    expect(chat().historyStatus["ctx-1"]).toBe("loaded");
    const questions = () => messages().filter((m) => m.role === "user");
    await vi.waitFor(() => expect(questions()).toHaveLength(650));
    const paths = fetchMock.mock.calls.map(([path]) => path);
    expect(paths).toEqual([
      "/api/v1/core/contexts/ctx-1/tasks?order=created&limit=100",
      "/api/v1/core/contexts/ctx-1/tasks?order=created&limit=500&before=t-0550",
      "/api/v1/core/contexts/ctx-1/tasks?order=created&limit=500&before=t-0050",
    ]);
    expect(questions()[0]?.content).toBe("question 0");
    expect(questions().at(-1)?.content).toBe("question 649");
  });

  it("loads the conversation's tasks with the bearer token and shows their messages", async () => {
    fetchMock.mockResolvedValue(jsonReply(200, [working, finished]));
    const loading = loadHistory("ctx-1");
    expect(chat().historyStatus["ctx-1"]).toBe("loading");
    await loading;
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe("/api/v1/core/contexts/ctx-1/tasks?order=created&limit=100");
    expect(new Headers(init?.headers).get("Authorization")).toBe(
      `Bearer ${useAuthStore.getState().accessToken}`,
    );
    expect(chat().historyStatus["ctx-1"]).toBe("loaded");
    expect(messages().map((m) => m.id)).toEqual(["u1", "r1", "u2", "task-2:reply"]);
    expect(chat().activeTaskByContext).toEqual({ "ctx-1": "task-2" });
  });

  it("skips invalid tasks with a warning", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    fetchMock.mockResolvedValue(jsonReply(200, [finished, { id: "bad" }]));
    await loadHistory("ctx-1");
    expect(messages().map((m) => m.id)).toEqual(["u1", "r1"]);
    expect(warn).toHaveBeenCalled();
  });

  it("marks the history as errored with 'Failed to load messages'", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    fetchMock.mockResolvedValue(jsonReply(500, { message: "boom" }));
    await loadHistory("ctx-1");
    expect(chat()).toMatchObject({
      historyStatus: { "ctx-1": "error" },
      error: loadMessagesFailedMessage,
    });
  });

  it("does not load the loading marker", async () => {
    await loadHistory("__loading__");
    expect(fetchMock).not.toHaveBeenCalled();
    expect(chat().historyStatus).toEqual({});
  });

  it("shares one request between concurrent loads", async () => {
    fetchMock.mockResolvedValue(jsonReply(200, []));
    await Promise.all([loadHistory("ctx-1"), loadHistory("ctx-1")]);
    expect(fetchMock).toHaveBeenCalledOnce();
  });
});

describe("resumeActiveTasks", () => {
  beforeEach(async () => {
    fetchMock.mockResolvedValue(jsonReply(200, [finished, working]));
    await loadHistory("ctx-1");
  });

  it("resubscribes through the owning agent and streams the rest of the reply into the store", async () => {
    fake.onResubscribe = () =>
      eventsOf([
        { type: "text", taskId: "task-2", contextId: "ctx-1", delta: "Chart " },
        workingCompleted,
      ]);
    fake.onGetTask = async () => completedWorking;
    const resolver = vi.fn((name: string) => (name === "assistant" ? agent : undefined));
    await resumeActiveTasks(resolver, "ctx-1");
    expect(resolver).toHaveBeenCalledWith("assistant");
    expect(fake.resubscribed).toEqual(["task-2"]);
    const reply = messages().at(-1);
    expect(reply).toMatchObject({
      role: "assistant",
      content: "Chart ready",
      taskState: "completed",
      isStreaming: false,
    });
    expect(reply?.artifacts.map((a) => a.artifactId)).toEqual(["a1"]);
    expect(messages().some((m) => m.id === "task-2:reply")).toBe(false);
    expect(chat().activeTaskByContext).toEqual({});
  });

  it("polls the task every second when resubscribing fails, until it ends", async () => {
    vi.useFakeTimers();
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    fake.onResubscribe = () => eventsOf([], new Error("not supported"));
    const reads = [working, completedWorking];
    fake.onGetTask = async () => reads.shift() ?? completedWorking;
    const resumed = resumeActiveTasks(() => agent, "ctx-1");
    await vi.advanceTimersByTimeAsync(999);
    expect(fake.taskReads).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.taskReads).toEqual(["task-2"]);
    expect(messages().at(-1)?.isStreaming).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    await resumed;
    expect(fake.taskReads).toEqual(["task-2", "task-2"]);
    expect(messages().at(-1)).toMatchObject({
      content: "Chart ready",
      isStreaming: false,
      taskState: "completed",
    });
  });

  it("resumes once the resolver has the agent (a registry that answers after the history)", async () => {
    fake.onResubscribe = () => eventsOf([workingCompleted]);
    fake.onGetTask = async () => completedWorking;
    let list = (_: typeof agent) => {};
    const listed = new Promise<typeof agent>((resolve) => {
      list = resolve;
    });
    const resumed = resumeActiveTasks(() => listed, "ctx-1");
    await Promise.resolve();
    expect(fake.resubscribed).toEqual([]);
    list(agent);
    await resumed;
    expect(fake.resubscribed).toEqual(["task-2"]);
    expect(messages().at(-1)).toMatchObject({ content: "Chart ready", isStreaming: false });
  });

  it("leaves tasks of unknown agents and tasks already followed alone", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await resumeActiveTasks(() => undefined, "ctx-1");
    expect(fake.resubscribed).toEqual([]);
    await resumeActiveTasks(() => agent, "ctx-other");
    expect(fake.resubscribed).toEqual([]);
  });
});
