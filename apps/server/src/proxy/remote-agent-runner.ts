import { artifactTypes, type Message as ChatMessage } from "@a2a-chat/contracts";
import {
  AgentCard,
  type Artifact as SdkArtifact,
  type Message as SdkMessage,
  type StreamResponse,
  TaskState,
} from "@a2a-js/sdk";
import type { Client } from "@a2a-js/sdk/client";
import type {
  ModelRunner,
  RunnerArtifact,
  RunnerEvent,
  RunnerInput,
} from "../agents/model-runner.js";
import { artifactFromSdk, messageToSdk } from "../agents/sdk-convert.js";
import {
  type GuardedOpen,
  guardedStreamOpen,
  type StreamPolicy,
} from "../net/guarded-stream-fetch.js";
import { outboundSpan } from "../observe/outbound-span.js";
import { signal as report, statusClass } from "../observe/signals.js";
import { streamAgentReply } from "./agent-event-stream.js";
import { AgentSaid, agentText, type Said, saidIn } from "./agent-said.js";
import { type AgentAuth, withQuery } from "./agent-stored-credentials.js";
import { agentIdleReason, IdleWatch } from "./idle-watch.js";
import { inlineOwnFiles } from "./inline-files.js";
import { MemoryRemoteTaskIds, type RemoteTaskIds } from "./remote-task-ids.js";

/** Where and how the server reaches a user-added agent. */
export interface RemoteAgentTarget {
  endpoint: string;
  protocol: "1.0" | "0.3";
  streaming: boolean;
  /** Headers of the agent's stored credentials (never the user's session token). */
  headers: Record<string, string>;
  /**
   * The stored credentials as they are now (read at each request: a refreshed token is used at
   * once); their headers and query parameters are added to what `headers` gives.
   */
  auth?: () => AgentAuth;
  /** Most bytes of files one message may carry inline to the agent, in all. */
  inlineFileBytes: number;
  /** The agent's name as users know it (named when it goes silent). */
  name: string;
  /** How long the agent may send nothing before its turn ends as failed (quotas.agentIdleSeconds). */
  idleSeconds: number;
}

/** Text of a reply the agent's connection lost mid-way. */
export const connectionLostMessage = (reason: string) =>
  `Connection to the agent was lost: ${reason}`;

/** The agent itself ended its task as failed, rejected or canceled. */
class AgentEndedError extends Error {
  override name = "AgentEndedError";
}

const knownTypes = new Set<string>(artifactTypes);

/** A remote artifact as one the executor stores: its own parts, its type when it names a known one. */
export function runnerArtifactOf(artifact: SdkArtifact): RunnerArtifact {
  const converted = artifactFromSdk(artifact, { contextId: "", taskId: "", at: "" });
  const named = artifact.metadata?.artifact_type;
  const onlyText = converted.parts.every((part) => part.kind === "text");
  const artifactType =
    typeof named === "string" && knownTypes.has(named) ? named : onlyText ? "text" : "json";
  const data = converted.parts.find((part) => part.kind === "data");
  return {
    name: converted.name ?? artifact.artifactId,
    ...(converted.description ? { description: converted.description } : {}),
    artifactType,
    data: data?.kind === "data" ? data.data : {},
    parts: converted.parts,
  };
}

/**
 * A ModelRunner that is another A2A agent, reached through the guarded streaming fetch with the
 * agent's own credentials: the user's new message goes to the agent (in a conversation with our
 * conversation's id), and what it streams back becomes the runner's events, so the executor
 * stores and streams the reply as it does for our own agents. Aborting cancels the agent's task.
 */
export class RemoteAgentRunner implements ModelRunner {
  readonly usesTools = false;
  readonly model: string;
  private client?: Promise<Client>;
  /** The guarded streaming fetch with the agent's stored credentials on every request. */
  private readonly fetchImpl: typeof fetch;
  /** The same, its answer read as it comes (a streamed reply, see streamAgentReply). */
  private readonly open: GuardedOpen;

  constructor(
    private readonly target: RemoteAgentTarget,
    policy: StreamPolicy,
    /** Our task id → the agent's task id, for answers to a task that asked for input. */
    private readonly remoteTasks: RemoteTaskIds = new MemoryRemoteTaskIds(),
  ) {
    this.model = `a2a:${new URL(target.endpoint).host}`;
    const guarded = guardedStreamOpen(policy);
    const agentOrigin = new URL(target.endpoint).origin;
    this.open = (given, init) => {
      const headers = new Headers(init?.headers);
      let input = given;
      const url = given instanceof Request ? given.url : String(given);
      // The credentials go to the agent's own origin only (a redirect elsewhere drops them too).
      if (new URL(url).origin === agentOrigin) {
        const auth = target.auth?.() ?? { headers: {}, query: {} };
        for (const [name, value] of Object.entries({ ...target.headers, ...auth.headers }))
          headers.set(name, value);
        const withKey = withQuery(url, auth.query);
        if (withKey !== url)
          input = given instanceof Request ? new Request(withKey, given) : withKey;
      }
      const send = () => guarded(input, { ...init, headers });
      // A span per request while tracing, its traceparent sent to the agent.
      return outboundSpan("agent", init?.method, headers, send).then(
        (answer) => {
          report({ kind: "proxy_call", outcome: statusClass(answer.status) });
          return answer;
        },
        (error: unknown) => {
          report({ kind: "proxy_call", outcome: "failed" });
          throw error;
        },
      );
    };
    this.fetchImpl = async (input, init) => (await this.open(input, init)).response();
  }

  private connect(): Promise<Client> {
    if (!this.client) {
      this.client = this.createClient();
      this.client.catch(() => {
        this.client = undefined;
      });
    }
    return this.client;
  }

  /** The SDK's client for this agent; its module is imported on the first turn sent to one. */
  private async createClient(): Promise<Client> {
    const { ClientFactory, JsonRpcTransportFactory } = await import("@a2a-js/sdk/client");
    const factory = new ClientFactory({
      transports: [
        new JsonRpcTransportFactory({
          fetchImpl: this.fetchImpl,
          legacyCompat: { enabled: true },
        }),
      ],
    });
    // A card with this one endpoint, so the client cannot pick another of the agent's interfaces.
    const card = AgentCard.fromJSON({
      name: "remote",
      description: "",
      version: "",
      supportedInterfaces: [
        {
          url: this.target.endpoint,
          protocolBinding: "JSONRPC",
          protocolVersion: this.target.protocol,
        },
      ],
      capabilities: { streaming: this.target.streaming },
      defaultInputModes: [],
      defaultOutputModes: [],
      skills: [],
    });
    return factory.createFromAgentCard(card);
  }

  async *run(input: RunnerInput): AsyncGenerator<RunnerEvent> {
    const place = input.place;
    if (!place?.userMessage) throw new Error("a remote agent needs the user's message");
    // Our upload links need the user's session: the agent gets the files' bytes instead.
    const withFiles = await inlineOwnFiles(place.userMessage, {
      ownHosts: place.ownHosts ?? [],
      read:
        input.readUpload ??
        (() => Promise.reject(new Error("files cannot be read for this message"))),
      maxBytes: this.target.inlineFileBytes,
      signal: input.signal,
    });
    const client = await this.connect();
    const remoteTaskId = await this.remoteTasks.get(place.taskId);
    // Our task's id stays here: the agent sees its own task's id, or none for a new task.
    const { taskId: _ours, ...userMessage } = withFiles;
    const outgoing: ChatMessage = {
      ...userMessage,
      contextId: place.contextId,
      ...(remoteTaskId ? { taskId: remoteTaskId } : {}),
    };
    const message = messageToSdk(outgoing);
    const said = new AgentSaid();
    let remoteId = remoteTaskId;
    let ended = false;
    const chunks = new Map<string, SdkArtifact>();
    const emitted = new Set<string>();
    const artifactEvents = (artifact: SdkArtifact): RunnerEvent[] => {
      if (emitted.has(artifact.artifactId)) return [];
      emitted.add(artifact.artifactId);
      chunks.delete(artifact.artifactId);
      return [{ kind: "artifact", artifact: runnerArtifactOf(artifact) }];
    };
    // An agent that goes silent is not waited for until the turn's time limit.
    const idle = new IdleWatch(this.target.idleSeconds);
    const signal = AbortSignal.any([input.signal, idle.signal]);
    try {
      // A streaming agent is read by our lean reader; one that does not stream answers once.
      const stream = this.target.streaming
        ? streamAgentReply(this.open, {
            endpoint: this.target.endpoint,
            protocol: this.target.protocol,
            message: outgoing,
            sdkMessage: message,
            signal,
          })
        : client.sendMessageStream(
            { tenant: "", message, configuration: undefined, metadata: undefined },
            { signal },
          );
      for await (const response of stream) {
        // Stopped (a cancel, the reply's size limit): events read before it are not the reply's.
        if (input.signal.aborted) break;
        idle.touch();
        const step = this.read(response);
        // Kept in memory while the reply streams (for a cancel); stored only if the agent asks.
        if (step.taskId) remoteId = step.taskId;
        if (step.said) yield* said.events(step.said);
        for (const artifact of step.artifacts) yield* artifactEvents(artifact);
        for (const chunk of step.chunks) {
          const held = chunks.get(chunk.artifact.artifactId);
          const joined =
            held && chunk.append
              ? { ...held, parts: [...held.parts, ...chunk.artifact.parts] }
              : chunk.artifact;
          chunks.set(joined.artifactId, joined);
          if (chunk.last) yield* artifactEvents(joined);
        }
        if (step.ask) {
          // The user's answer may land on another replica: it finds the agent's task in the row.
          if (remoteId && remoteId !== remoteTaskId)
            await this.remoteTasks.set(place.taskId, remoteId);
          yield step.ask.kind === "input-required"
            ? { kind: "input-required", question: step.ask.text }
            : { kind: "auth-required", message: step.ask.text };
          return;
        }
        if (step.failed !== undefined) throw new AgentEndedError(step.failed);
        if (step.done) {
          ended = true;
          break;
        }
      }
      if (!ended && !input.signal.aborted)
        throw new Error("the agent's stream ended before its task did");
    } catch (error) {
      if (input.signal.aborted) {
        await this.cancelRemote(client, place.taskId, remoteId, remoteTaskId !== undefined);
        return;
      }
      if (idle.fired) {
        await this.cancelRemote(client, place.taskId, remoteId, remoteTaskId !== undefined);
        throw new Error(agentIdleReason(this.target.name, this.target.idleSeconds));
      }
      if (error instanceof AgentEndedError) throw error;
      throw new Error(
        connectionLostMessage(error instanceof Error ? error.message : String(error)),
      );
    } finally {
      idle.stop();
    }
    if (input.signal.aborted) {
      await this.cancelRemote(client, place.taskId, remoteId, remoteTaskId !== undefined);
      return;
    }
    if (remoteTaskId) await this.remoteTasks.forget(place.taskId);
    yield { kind: "finish", reason: "stop", model: this.model };
  }

  private async cancelRemote(
    client: Client,
    taskId: string,
    remoteId: string | undefined,
    stored: boolean,
  ): Promise<void> {
    if (!remoteId) return;
    if (stored) await this.remoteTasks.forget(taskId).catch(() => undefined);
    try {
      await client.cancelTask({ tenant: "", id: remoteId, metadata: undefined });
    } catch {
      // The agent may have ended the task already; ours is canceled either way.
    }
  }

  /**
   * What one streamed event means for the reply. A status's message is a whole message (A2A's
   * rule), never taken as a piece of another: text streamed in pieces comes as artifact chunks.
   */
  private read(response: StreamResponse) {
    const step: {
      taskId?: string;
      said?: Said;
      artifacts: SdkArtifact[];
      chunks: { artifact: SdkArtifact; append: boolean; last: boolean }[];
      ask?: { kind: "input-required" | "auth-required"; text: string };
      failed?: string;
      done: boolean;
    } = { artifacts: [], chunks: [], done: false };
    const payload = response.payload;
    if (!payload) return step;
    let state: TaskState | undefined;
    let message: SdkMessage | undefined;
    switch (payload.$case) {
      case "message": {
        const said = saidIn(payload.value);
        if (said) step.said = said;
        step.done = true;
        return step;
      }
      case "task":
        step.taskId = payload.value.id;
        step.artifacts = payload.value.artifacts;
        state = payload.value.status?.state;
        message = payload.value.status?.message;
        break;
      case "statusUpdate":
        step.taskId = payload.value.taskId;
        state = payload.value.status?.state;
        message = payload.value.status?.message;
        break;
      case "artifactUpdate":
        step.taskId = payload.value.taskId;
        if (payload.value.artifact)
          step.chunks.push({
            artifact: payload.value.artifact,
            append: payload.value.append,
            last: payload.value.lastChunk,
          });
        return step;
    }
    const said = agentText(message);
    if (
      state === TaskState.TASK_STATE_INPUT_REQUIRED ||
      state === TaskState.TASK_STATE_AUTH_REQUIRED
    ) {
      step.ask = {
        kind: state === TaskState.TASK_STATE_INPUT_REQUIRED ? "input-required" : "auth-required",
        text: said,
      };
      return step;
    }
    if (
      state === TaskState.TASK_STATE_FAILED ||
      state === TaskState.TASK_STATE_REJECTED ||
      state === TaskState.TASK_STATE_CANCELED
    ) {
      step.failed = said ? `The agent ended the task: ${said}` : "The agent ended the task";
      return step;
    }
    const whole = saidIn(message);
    if (whole) step.said = whole;
    step.done = state === TaskState.TASK_STATE_COMPLETED;
    return step;
  }
}
