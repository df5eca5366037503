import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  AgentCard,
  formatSSEErrorEvent,
  formatSSEEvent,
  type Message,
  Role,
  SSE_HEADERS,
  type Task,
  TaskState,
} from "@a2a-js/sdk";
import { LegacyJsonRpcTransportHandler } from "@a2a-js/sdk/compat/v0_3/server";
import {
  AgentEvent,
  type AgentExecutor,
  DefaultRequestHandler,
  defaultServerCallContextBuilder,
  type ExecutionEventBus,
  InMemoryTaskStore,
  JsonRpcTransportHandler,
  type RequestContext,
  UnauthenticatedUser,
} from "@a2a-js/sdk/server";
import { textMessage } from "./a2a.js";
import { filesOf, type ReceivedFile, textOf } from "./received-files.js";

export type { ReceivedFile } from "./received-files.js";

/**
 * How the test agent answers: echoes (in two streamed pieces and an artifact), drops mid-reply,
 * hangs, streams numbered updates, asks a question, streams `endlessPiece(i)` without end
 * (one every millisecond, never idle), or ("busy") sends progress updates with no text every
 * 20 ms; the last two until its task is canceled or its stream is closed.
 */
export type TestAgentBehaviour = "echo" | "drop" | "hang" | "stream" | "ask" | "endless" | "busy";

/** The text of the "endless" agent's update `index` (a two-byte character in each). */
export const endlessPiece = (index: number) => `é#${index}, and then some more words. `;

export interface TestAgentOptions {
  /** "0.3" serves only protocol 0.3 (a v0.3 card, no 1.0 calls). */
  protocol?: "1.0" | "0.3";
  behaviour?: TestAgentBehaviour;
  /** Where the card is served: the well-known path, or only the /api/agents/card fallback. */
  cardAt?: "well-known" | "fallback";
  /** "stream": how many working updates (texts "#0", "#1"…) the reply streams, and their gap. */
  stream?: {
    events: number;
    gapMs: number;
    onPublish?: (contextId: string, index: number) => void;
  };
  /**
   * Keep tasks as they are saved instead of the SDK's InMemoryTaskStore, which copies the whole
   * task (its history holds every status message) on each load and save: per update that costs
   * time growing with the reply (~0.6 ms of CPU per update on average over 200 updates), which a
   * bench sharing the machine with the agent would count against the server it measures.
   * Tasks are not scoped by user, and the store does not list them.
   */
  sharedTasks?: boolean;
  /** Answers every message with these events instead of a behaviour (see scripted-agent.ts). */
  script?: (publish: ExecutionEventBus["publish"], place: TaskPlace) => Promise<void>;
  /** Changes the card after it is built (bad interfaces, links…). */
  editCard?: (card: Record<string, unknown>, url: string) => Record<string, unknown>;
  /**
   * Sees every request but the card's first (after it is recorded): true when it answered the
   * request itself (a 401 for missing credentials, a redirect…), false to let the agent answer.
   */
  intercept?: (request: ReceivedRequest, res: ServerResponse) => boolean;
}

/** A request the agent received. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function agentMessage(taskId: string, contextId: string, text: string): Message {
  return {
    ...textMessage(contextId, text, taskId),
    messageId: randomUUID(),
    role: Role.ROLE_AGENT,
  };
}

/** The task and conversation of a turn the agent answers. */
type TaskPlace = { taskId: string; contextId: string };

/** See TestAgentOptions.sharedTasks. */
class SharedTaskStore extends InMemoryTaskStore {
  private readonly tasks = new Map<string, Task>();

  override async load(taskId: string): Promise<Task | undefined> {
    return this.tasks.get(taskId);
  }

  override async save(task: Task): Promise<void> {
    this.tasks.set(task.id, task);
  }
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

/**
 * A real A2A agent on loopback, built on @a2a-js/sdk's server (DefaultRequestHandler and its
 * JSON-RPC transports, v1.0 and v0.3), recording every request it receives.
 */
export async function startTestAgent(options: TestAgentOptions = {}) {
  const protocol = options.protocol ?? "1.0";
  const behaviour = options.behaviour ?? "echo";
  const received: ReceivedRequest[] = [];
  const canceled: string[] = [];
  /** The files of every user message, in the order they arrived. */
  const files: ReceivedFile[] = [];
  /** Turns of the "ask" behaviour: the agent's task and whether it continued an existing one. */
  const asked: { taskId: string; continued: boolean }[] = [];
  let dropConnections = () => {};
  /** Streams closed by the client before they ended, and who waits for the next one. */
  let streamsCut = 0;
  const cutWaiters: (() => void)[] = [];
  let closing = false;
  let release = () => {};
  const executor: AgentExecutor = {
    async execute(request: RequestContext, bus: ExecutionEventBus) {
      const { taskId, contextId } = request;
      const said = textOf(request.userMessage);
      files.push(...filesOf(request.userMessage));
      bus.publish(
        AgentEvent.task({
          id: taskId,
          contextId,
          status: {
            state: TaskState.TASK_STATE_SUBMITTED,
            message: undefined,
            timestamp: new Date().toISOString(),
          },
          artifacts: [],
          history: [request.userMessage],
          metadata: undefined,
        }),
      );
      if (options.script) {
        await options.script((event) => bus.publish(event), { taskId, contextId });
        bus.finished();
        return;
      }
      const status = (state: TaskState, text?: string) =>
        bus.publish(
          AgentEvent.statusUpdate({
            taskId,
            contextId,
            status: {
              state,
              message: text === undefined ? undefined : agentMessage(taskId, contextId, text),
              timestamp: new Date().toISOString(),
            },
            metadata: undefined,
          }),
        );
      if (behaviour === "ask") {
        // Asks a question; an answer to the same task completes it, naming the answer.
        asked.push({ taskId, continued: request.task !== undefined });
        status(
          request.task ? TaskState.TASK_STATE_COMPLETED : TaskState.TASK_STATE_INPUT_REQUIRED,
          request.task ? `Thanks, ${said}` : "What is your name?",
        );
        bus.finished();
        return;
      }
      if (behaviour === "endless") {
        const cutBefore = streamsCut;
        for (let index = 0; ; index += 1) {
          if (closing || streamsCut > cutBefore || canceled.includes(taskId)) return;
          status(TaskState.TASK_STATE_WORKING, endlessPiece(index));
          await new Promise((resolve) => setTimeout(resolve, 1));
        }
      }
      if (behaviour === "busy") {
        // Working, working, working…: progress updates without a word of text, never done.
        const cutBefore = streamsCut;
        for (;;) {
          if (closing || streamsCut > cutBefore || canceled.includes(taskId)) return;
          status(TaskState.TASK_STATE_WORKING);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
      if (behaviour === "stream") {
        const { events, gapMs, onPublish } = options.stream ?? { events: 10, gapMs: 1 };
        for (let index = 0; index < events; index += 1) {
          onPublish?.(contextId, index);
          status(TaskState.TASK_STATE_WORKING, `#${index}`);
          await new Promise((resolve) => setTimeout(resolve, gapMs));
        }
        status(TaskState.TASK_STATE_COMPLETED, "done");
        bus.finished();
        return;
      }
      status(TaskState.TASK_STATE_WORKING, "Echo: ");
      await pause();
      if (behaviour === "drop") {
        dropConnections();
        return;
      }
      if (behaviour === "hang") {
        // Streams nothing more until the task is canceled.
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return;
      }
      status(TaskState.TASK_STATE_WORKING, said);
      bus.publish(
        AgentEvent.artifactUpdate({
          taskId,
          contextId,
          artifact: {
            artifactId: randomUUID(),
            name: "Echoed",
            description: "",
            parts: [
              {
                content: { $case: "text", value: said },
                mediaType: "text/plain",
                filename: "",
                metadata: undefined,
              },
            ],
            metadata: undefined,
            extensions: [],
          },
          append: false,
          lastChunk: true,
          metadata: undefined,
        }),
      );
      status(TaskState.TASK_STATE_COMPLETED, `Echo: ${said}`);
      bus.finished();
    },
    async cancelTask(taskId: string, bus: ExecutionEventBus) {
      canceled.push(taskId);
      release();
      bus.publish(
        AgentEvent.statusUpdate({
          taskId,
          contextId: "",
          status: {
            state: TaskState.TASK_STATE_CANCELED,
            message: undefined,
            timestamp: new Date().toISOString(),
          },
          metadata: undefined,
        }),
      );
      bus.finished();
    },
  };

  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const iface = (protocolVersion: string) => ({
    url,
    protocolBinding: "JSONRPC",
    tenant: "",
    protocolVersion,
  });
  const v1Card = {
    name: "Echo agent",
    description: "Says back what it hears",
    version: "1.0.0",
    supportedInterfaces: protocol === "0.3" ? [iface("0.3")] : [iface("1.0"), iface("0.3")],
    capabilities: { streaming: true, pushNotifications: false },
    defaultInputModes: ["text/plain"],
    defaultOutputModes: ["text/plain"],
    skills: [{ id: "echo", name: "Echo", description: "Echoes", tags: ["test"], examples: [] }],
  };
  const legacyCard = {
    protocolVersion: "0.3.0",
    name: "Echo agent",
    description: "Says back what it hears",
    version: "1.0.0",
    url,
    preferredTransport: "JSONRPC",
    capabilities: { streaming: true, pushNotifications: false },
    defaultInputModes: ["text/plain"],
    defaultOutputModes: ["text/plain"],
    skills: [{ id: "echo", name: "Echo", description: "Echoes", tags: ["test"] }],
  };
  const servedCard = (options.editCard ?? ((card) => card))(
    protocol === "0.3" ? legacyCard : v1Card,
    url,
  );
  const handler = new DefaultRequestHandler(
    AgentCard.fromJSON(v1Card),
    options.sharedTasks ? new SharedTaskStore() : new InMemoryTaskStore(),
    executor,
  );
  const v1 = new JsonRpcTransportHandler(handler);
  const legacy = new LegacyJsonRpcTransportHandler(handler);

  const answer = async (req: IncomingMessage, res: ServerResponse, body: string) => {
    // The query (an API key a card puts there) is not part of the route.
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    const cardPath =
      options.cardAt === "fallback" ? "/api/agents/card" : "/.well-known/agent-card.json";
    if (req.method === "GET" && path === cardPath) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(servedCard));
      return;
    }
    if (req.method !== "POST" || path !== "/") {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not found");
      return;
    }
    const version = req.headers["a2a-version"];
    const useLegacy = version === undefined || version === "0.3";
    if (!useLegacy && protocol === "0.3") {
      res.writeHead(400, { "content-type": "application/json" });
      res.end(
        JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32601, message: "v0.3 only" } }),
      );
      return;
    }
    const context = defaultServerCallContextBuilder({
      extensions: undefined,
      headers: {},
      user: new UnauthenticatedUser(),
      requestedVersion: typeof version === "string" ? version : undefined,
    });
    const result: unknown = await (useLegacy ? legacy : v1).handle(JSON.parse(body), context);
    if (result && typeof result === "object" && Symbol.asyncIterator in result) {
      res.writeHead(200, SSE_HEADERS);
      res.on("close", () => {
        if (res.writableEnded) return;
        streamsCut += 1;
        for (const wake of cutWaiters.splice(0)) wake();
      });
      try {
        for await (const event of result as AsyncIterable<unknown>)
          res.write(formatSSEEvent(event));
      } catch (error) {
        res.write(formatSSEErrorEvent({ code: -32603, message: String(error) }));
      }
      res.end();
      return;
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(result));
  };

  server.on("request", (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const request = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body };
      received.push(request);
      if (req.method !== "GET" && options.intercept?.(request, res)) return;
      answer(req, res, body).catch(() => {
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    });
  });
  dropConnections = () => server.closeAllConnections();

  return {
    url,
    received,
    canceled,
    asked,
    files,
    /** Resolves when the client closes a streamed answer before it ended. */
    nextStreamCut: () => new Promise<void>((resolve) => cutWaiters.push(resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        closing = true;
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
