import type { Message } from "@a2a-chat/contracts";
import { type ExecutionEventBus, type RequestContext, STATE_HEADERS_KEY } from "@a2a-js/sdk/server";
import type { AgentConfig } from "../../config/schema.js";
import type { Services } from "../../http/services.js";
import type { Owner } from "../../tasks/task-checks.js";
import { callerOf } from "../caller-user.js";
import { requestHostKey } from "../follow-stored-task.js";
import type { ModelRunner } from "../model-runner.js";
import type { RunningTaskViews } from "../running-task-views.js";
import { messageFromSdk } from "../sdk-convert.js";
import type { StreamedReplies } from "../streamed-replies.js";

/** One agent turn: who asked, in which task and conversation, and where its events go. */
export interface Turn {
  owner: Owner;
  /** The caller's scopes, which decide the tools a built-in server offers. */
  scopes: readonly string[];
  taskId: string;
  contextId: string;
  bus: ExecutionEventBus;
  /** The user's new message. */
  userMessage?: Message;
  /** The caller's bearer token and trace id, forwarded to the agent's tool servers. */
  token?: string;
  traceId?: string;
  /** The host the user reached this server at, when known. */
  host?: string;
  /** The task state the turn ended in, once its end is stored (for its span). */
  outcome?: string;
}

/** A turn running in this process: its stop switch, and why it was cut, if it was. */
export interface Running {
  controller: AbortController;
  /** Set when the turn was ended for a reason (shutdown, lost claim, a limit): it fails with it. */
  cut?: string;
  /** Reply text held back until a save catches up (see TaskRuns.mayShow). */
  held?: { messageId: string; text: string };
}

/** What every step of a turn works with: the agent, its runner and the process's services. */
export interface TurnDeps {
  services: Services;
  agent: AgentConfig;
  runner: ModelRunner;
  /** The SDK's views of running tasks, kept in step with what is stored (see RunningTaskViews). */
  views?: RunningTaskViews;
  /** The text of each running reply so far, for clients that subscribe mid-reply. */
  replies: StreamedReplies;
  /** How often, at most, a reply's text is published (see PacedDeltas). */
  deltaIntervalMs: number;
  /** Whether this process runs the task now (its end is then written only under its claim). */
  runsHere: (taskId: string) => boolean;
}

const tracePattern = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's bearer token and trace id, from the A2A request's headers. */
export function callerHeaders(request: RequestContext): { token?: string; traceId?: string } {
  const headers = request.context.state.get(STATE_HEADERS_KEY) as
    | Record<string, string | string[] | undefined>
    | undefined;
  const first = (name: string) => {
    const value = headers?.[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const token = /^Bearer\s+(\S+)$/i.exec(first("authorization") ?? "")?.[1];
  const trace = first("x-trace-id");
  return {
    ...(token ? { token } : {}),
    ...(trace && tracePattern.test(trace) ? { traceId: trace } : {}),
  };
}

function requestHost(request: RequestContext): { host?: string } {
  const host = request.context.state.get(requestHostKey);
  return typeof host === "string" && host !== "" ? { host } : {};
}

/** The turn an A2A request starts: its caller, task, conversation and new message. */
export function turnOf(request: RequestContext, bus: ExecutionEventBus): Turn {
  const caller = callerOf(request.context);
  return {
    owner: { userId: caller.userId },
    scopes: caller.scopes,
    taskId: request.taskId,
    contextId: request.contextId,
    bus,
    userMessage: messageFromSdk(request.userMessage),
    ...callerHeaders(request),
    ...requestHost(request),
  };
}

/** Hosts whose links are this server's own: the one the user reached, the configured public one. */
export function ownHosts(turn: Turn, publicUrl: string | undefined): string[] {
  const hosts = turn.host ? [turn.host] : [];
  if (publicUrl) hosts.push(new URL(publicUrl).host);
  return hosts;
}

/** An agent message of the turn's task with one text part. */
export function agentMessage(
  place: { contextId: string; taskId: string },
  messageId: string,
  text: string,
): Message {
  return {
    messageId,
    role: "agent",
    parts: [{ kind: "text", text }],
    contextId: place.contextId,
    taskId: place.taskId,
  };
}
