import { afterEach, describe, expect, it, vi } from "vitest";
import type { ServerTool } from "../../../api/list-server-tools.js";
import type { ChatStreamEvent } from "../../model/chat-types.js";
import type { AgentClient } from "../agent-client.js";
import {
  AgentClientError,
  isAbortError,
  isConnectionError,
  isPermissionError,
} from "../agent-client-error.js";
import {
  ControlledStream,
  eventsOf,
  FakeAgentClient,
  testAgent,
  testTask,
} from "../engine-fixtures.js";
import { serveAgentCalls } from "./serve-agent-calls.js";
import {
  type AgentWorkerConnection,
  connectAgentWorker,
  createWorkerAgentClient,
  listToolsInWorker,
} from "./worker-agent-client.js";
import type {
  AuthSnapshot,
  FromWorker,
  MessagePortLike,
  ToolListing,
  ToWorker,
} from "./worker-protocol.js";

const text = (delta: string): ChatStreamEvent => ({
  type: "text",
  taskId: "task-1",
  contextId: "ctx-1",
  delta,
});
const outgoing = { role: "user" as const, parts: [], messageId: "m-1", contextId: "ctx-1" };
const channels: MessageChannel[] = [];
afterEach(() => {
  for (const channel of channels.splice(0)) {
    channel.port1.close();
    channel.port2.close();
  }
});

/** The page's end and the worker's end joined by a real MessageChannel (structured cloning). */
function setUp(
  fake: AgentClient = new FakeAgentClient(),
  holdPulls = false,
  listTools?: (listing: ToolListing) => Promise<ServerTool[]>,
) {
  const channel = new MessageChannel();
  channels.push(channel);
  let auth: AuthSnapshot = { token: "tok-1", expiry: Date.now() + 60_000 };
  const authListeners: Array<() => void> = [];
  const tokensSeen: Array<() => string | null> = [];
  serveAgentCalls(
    channel.port2 as unknown as MessagePortLike<ToWorker, FromWorker>,
    (_a, get) => {
      tokensSeen.push(get);
      return fake;
    },
    listTools,
  );
  const pagePort = channel.port1 as unknown as MessagePortLike<FromWorker, ToWorker> & {
    addEventListener(type: "error", listener: (event: Event) => void): void;
  };
  const connection: AgentWorkerConnection = connectAgentWorker(pagePort, {
    readAuth: () => auth,
    onAuthChange: (listener) => authListeners.push(listener),
  });
  channel.port1.start();
  channel.port2.start();
  // With holdPulls, pulls wait until the test releases them, to see what the worker collects.
  const pulls: Array<() => void> = [];
  const client = createWorkerAgentClient(connection, testAgent(), {
    schedulePull: () => (pull) => (holdPulls ? pulls.push(pull) : pull()),
  });
  return {
    client,
    connection,
    pulls,
    getToken: () => {
      const read = tokensSeen[0];
      if (!read) throw new Error("no client in the worker yet");
      return read();
    },
    setAuth(next: AuthSnapshot) {
      auth = next;
      for (const listener of authListeners) listener();
    },
  };
}

/**
 * Waits until the assertion holds: each message crosses the channel as its own macrotask, so a
 * fixed delay can end before a busy machine delivered it.
 */
const until = (assertion: () => void) => vi.waitFor(assertion, { timeout: 10_000, interval: 5 });

async function collect(stream: AsyncIterable<ChatStreamEvent>): Promise<ChatStreamEvent[]> {
  const out: ChatStreamEvent[] = [];
  for await (const event of stream) out.push(event);
  return out;
}

describe("the agent worker protocol", () => {
  it("hands the page what arrived between two pulls as one joined text event", async () => {
    const fake = new FakeAgentClient();
    const source = new ControlledStream();
    fake.onSend = () => source;
    const { client, pulls } = setUp(fake, true);
    const received: ChatStreamEvent[] = [];
    const reading = (async () => {
      for await (const event of client.sendStream(outgoing)) received.push(event);
    })();
    source.push(text("Hel"));
    // The first event goes out at once; the page then schedules its next pull.
    await until(() => {
      expect(received).toEqual([text("Hel")]);
      expect(pulls).toHaveLength(1);
    });
    // Many tokens while the page draws: the worker takes each as it comes (microtasks, before the
    // pull's message can arrive), and sends one joined event when the page asks again.
    for (const piece of ["lo", ", ", "wor", "ld"]) source.push(text(piece));
    pulls.shift()?.();
    await until(() => expect(received).toHaveLength(2));
    expect(received).toEqual([text("Hel"), text("lo, world")]);
    source.end();
    pulls.shift()?.();
    await reading;
    expect(fake.sent[0]?.message).toEqual(outgoing);
  });

  it("passes the send's push address and token to the worker's client", async () => {
    const fake = new FakeAgentClient();
    const { client } = setUp(fake);
    await collect(client.sendStream(outgoing, { pushUrl: "http://x/push", token: "tok-9" }));
    expect(fake.sent[0]?.options).toMatchObject({ pushUrl: "http://x/push", token: "tok-9" });
  });

  it("rebuilds the worker's errors with their exact texts and fields", async () => {
    const fake = new FakeAgentClient();
    const { client } = setUp(fake);
    fake.onSend = async function* () {
      yield text("partial");
      throw new AgentClientError("Authentication required", 401);
    };
    const stream = client.sendStream(outgoing);
    const seen: ChatStreamEvent[] = [];
    const error = await (async () => {
      try {
        for await (const event of stream) seen.push(event);
      } catch (caught) {
        return caught;
      }
    })();
    expect(seen).toEqual([text("partial")]);
    expect(error).toBeInstanceOf(AgentClientError);
    expect((error as Error).message).toBe("Authentication required");
    expect(isPermissionError(error)).toBe(true);

    fake.onResubscribe = () =>
      eventsOf(
        [],
        new AgentClientError("Failed to connect to agent at http://a", undefined, undefined, true),
      );
    const connection = await collect(client.resubscribe("task-1")).catch((e: unknown) => e);
    expect(isConnectionError(connection)).toBe(true);
    expect((connection as Error).message).toBe("Failed to connect to agent at http://a");

    fake.onGetTask = async () => {
      throw new AgentClientError("A2A Error: Task not found", undefined, -32001);
    };
    const failed = await client.getTask("task-404").catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(AgentClientError);
    expect((failed as AgentClientError).code).toBe(-32001);
    expect((failed as Error).message).toBe("A2A Error: Task not found");
  });

  it("answers getTask and cancelTask with the task", async () => {
    const fake = new FakeAgentClient();
    const { client } = setUp(fake);
    expect(await client.getTask("task-7")).toEqual(testTask({ id: "task-7" }));
    expect(await client.cancelTask("task-7")).toEqual(
      testTask({ id: "task-7", state: "canceled" }),
    );
    expect(fake.canceled).toEqual(["task-7"]);
  });

  it("stops the worker's stream when the page aborts, and throws an AbortError", async () => {
    const fake = new FakeAgentClient();
    let workerSignal: AbortSignal | undefined;
    fake.onSend = (_message, options) => {
      workerSignal = options?.signal;
      return (async function* () {
        yield text("a");
        await new Promise((resolve) => options?.signal?.addEventListener("abort", resolve));
        throw new DOMException("aborted", "AbortError");
      })();
    };
    const { client } = setUp(fake);
    const controller = new AbortController();
    const seen: ChatStreamEvent[] = [];
    const reading = (async () => {
      for await (const event of client.sendStream(outgoing, { signal: controller.signal })) {
        seen.push(event);
      }
    })();
    await until(() => expect(seen).toEqual([text("a")]));
    controller.abort();
    const error = await reading.catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    await until(() => expect(workerSignal?.aborted).toBe(true));
  });

  it("closes the worker's stream when the page stops reading early", async () => {
    const fake = new FakeAgentClient();
    let workerSignal: AbortSignal | undefined;
    fake.onResubscribe = () => {
      const source = new ControlledStream();
      source.push(text("a"));
      return source;
    };
    const original = fake.resubscribe.bind(fake);
    fake.resubscribe = (taskId, options?: { signal?: AbortSignal }) => {
      workerSignal = options?.signal;
      return original(taskId);
    };
    const { client } = setUp(fake);
    for await (const _event of client.resubscribe("task-1")) break;
    await until(() => expect(workerSignal?.aborted).toBe(true));
  });

  it("gives the worker's client the current token, and none once it expired", async () => {
    const { client, getToken, setAuth } = setUp();
    await client.getTask("task-1");
    expect(getToken()).toBe("tok-1");
    setAuth({ token: "tok-2", expiry: Date.now() + 60_000 });
    await client.getTask("task-1");
    expect(getToken()).toBe("tok-2");
    setAuth({ token: "tok-2", expiry: Date.now() - 1 });
    await client.getTask("task-1");
    expect(getToken()).toBeNull();
  });

  it("fails calls with the connect text when the worker cannot start", async () => {
    const listeners: Array<(event: Event) => void> = [];
    const port = {
      postMessage() {},
      addEventListener(type: string, listener: (event: Event) => void) {
        if (type === "error") listeners.push(listener);
      },
    } as unknown as MessagePortLike<FromWorker, ToWorker> & {
      addEventListener(type: "error", listener: (event: Event) => void): void;
    };
    const connection = connectAgentWorker(port, {
      readAuth: () => ({ token: null, expiry: null }),
      onAuthChange: () => {},
    });
    const agent = testAgent({ url: "https://agents.example.com/a2a" });
    const client = createWorkerAgentClient(connection, agent);
    const pending = client.getTask("task-1").catch((e: unknown) => e);
    for (const listener of listeners) listener(new Event("error"));
    const error = await pending;
    expect(isConnectionError(error)).toBe(true);
    expect((error as Error).message).toBe(
      "Failed to connect to agent at https://agents.example.com/a2a",
    );
    const later = await collect(client.sendStream(outgoing)).catch((e: unknown) => e);
    expect((later as Error).message).toBe(
      "Failed to connect to agent at https://agents.example.com/a2a",
    );
  });

  it("lists an MCP server's tools in the worker, with the listing's error text on failure", async () => {
    const seen: ToolListing[] = [];
    const tool: ServerTool = {
      name: "echo",
      inputSchema: { type: "object" },
      serverName: "everything",
      serverEndpoint: "http://localhost:3001/mcp",
    };
    const { connection } = setUp(new FakeAgentClient(), false, async (listing) => {
      seen.push(listing);
      if (listing.server.name === "down") throw new Error("fetch failed");
      return [tool];
    });
    const listing: ToolListing = {
      server: { name: "everything", endpoint: "http://localhost:3001/mcp", auth: "none" },
      token: "tok-1",
      contextId: "ctx-1",
    };
    expect(await listToolsInWorker(connection, listing)).toEqual([tool]);
    expect(seen).toEqual([listing]);
    const down = { ...listing, server: { ...listing.server, name: "down" } };
    const error = await listToolsInWorker(connection, down).catch((e: unknown) => e);
    expect((error as Error).message).toBe("fetch failed");
  });
});
