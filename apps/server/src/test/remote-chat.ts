import {
  contextRecordSchema,
  restartingMessage,
  type Task,
  taskSchema,
  tokenReplySchema,
} from "@a2a-chat/contracts";
import { type StreamResponse, TaskState } from "@a2a-js/sdk";
import type { Client } from "@a2a-js/sdk/client";
import { expect } from "vitest";
import { shutdownReason } from "../tasks/end-abandoned-task.js";
import { a2aClient, sendParams, textMessage } from "./a2a.js";
import { SseReader } from "./sse.js";

/** Waits until `check` returns a value (not undefined), trying every `everyMs`; throws after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 30_000,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** The text a streamed event adds to the reply (a working status update's message). */
export function deltaText(event: StreamResponse): string {
  if (event.payload?.$case !== "statusUpdate") return "";
  const status = event.payload.value.status;
  if (status?.state !== TaskState.TASK_STATE_WORKING) return "";
  return (status.message?.parts ?? [])
    .map((p) => (p.content?.$case === "text" ? p.content.value : ""))
    .join("");
}

/** The state an event carries, if any. */
export function stateOf(event: StreamResponse): TaskState | undefined {
  const payload = event.payload;
  if (payload?.$case === "statusUpdate" || payload?.$case === "task")
    return payload.value.status?.state;
  return undefined;
}

/** An anonymous user talking to a server over HTTP, as a browser would. */
export async function remoteUser(url: string) {
  const res = await fetch(`${url}/api/v1/core/oauth/session`, { method: "POST" });
  if (res.status !== 200) throw new Error(`session: ${res.status}`);
  const token = tokenReplySchema.parse(await res.json()).access_token;
  const headers = { authorization: `Bearer ${token}` };
  const authed: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    request.headers.set("authorization", headers.authorization);
    return fetch(request);
  };
  return {
    token,
    headers,
    async createContext(server = url): Promise<string> {
      const created = await fetch(`${server}/api/v1/core/contexts`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ name: "Chat" }),
      });
      return contextRecordSchema.parse(await created.json()).context_id;
    },
    client(server = url, agent = "assistant"): Promise<Client> {
      return a2aClient(authed, agent, server);
    },
    async task(id: string, server = url): Promise<Task> {
      const res = await fetch(`${server}/api/v1/core/tasks/${id}`, { headers });
      if (res.status !== 200) throw new Error(`task ${id}: ${res.status}`);
      return taskSchema.parse(await res.json());
    },
    async stream(server = url, lastEventId?: string): Promise<SseReader> {
      const res = await fetch(`${server}/api/v1/stream/contexts`, {
        headers: { ...headers, ...(lastEventId ? { "last-event-id": lastEventId } : {}) },
      });
      if (res.status !== 200) throw new Error(`stream: ${res.status}`);
      return new SseReader(res);
    },
  };
}

/**
 * A streamed reply read in the background: its task id and text so far, and how it ended (the
 * stream's events, or the error that cut it).
 */
export function readReply(client: Client, contextId: string, text: string) {
  const reply = {
    taskId: "",
    text: "",
    events: [] as StreamResponse[],
    ended: undefined as Promise<unknown> | undefined,
  };
  reply.ended = (async () => {
    try {
      for await (const event of client.sendMessageStream(
        sendParams(textMessage(contextId, text)),
      )) {
        reply.events.push(event);
        if (event.payload?.$case === "task") reply.taskId = event.payload.value.id;
        reply.text += deltaText(event);
      }
      return undefined;
    } catch (error) {
      return error;
    }
  })();
  return reply;
}

/** The text of a message's text parts, each. */
export function textParts(task: Task, index: number): string[] {
  return (task.history[index]?.parts ?? []).map((p) => (p.kind === "text" ? p.text : ""));
}

/**
 * What a server stopped with SIGTERM left of two replies: its log names the one cut at the end of
 * the drain and not the one that finished, and `servedBy` serves the cut one as failed with its
 * text so far ("tick " words) and the shutdown reason, the finished one as completed.
 */
export async function expectDrained(drained: {
  output: string;
  user: Awaited<ReturnType<typeof remoteUser>>;
  servedBy: string;
  cut: ReturnType<typeof readReply>;
  finished: ReturnType<typeof readReply>;
  finishedText: string;
}): Promise<void> {
  const { user, servedBy, cut, finished } = drained;
  const cutLine = drained.output
    .split("\n")
    .find((line) => line.includes("replies still running at shutdown were ended"));
  expect(cutLine).toContain(cut.taskId);
  expect(cutLine).not.toContain(finished.taskId);
  const stored = await user.task(cut.taskId, servedBy);
  expect(stored.status.state).toBe("failed");
  const [text, reason] = textParts(stored, 1);
  expect(text).toMatch(/^(tick )+$/);
  expect(cut.text.startsWith(text ?? "-")).toBe(true);
  expect(reason).toBe(`\n\n${shutdownReason}`);
  const done = await user.task(finished.taskId, servedBy);
  expect(done.status.state).toBe("completed");
  expect(textParts(done, 1)).toEqual([drained.finishedText]);
}

/** Checks that a draining server refuses a new turn with 503 and the restart message. */
export async function expectTurnRefused(
  serverUrl: string,
  user: Awaited<ReturnType<typeof remoteUser>>,
): Promise<void> {
  const refused = await fetch(`${serverUrl}/api/v1/agents/assistant`, {
    method: "POST",
    headers: { ...user.headers, "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "SendMessage", params: {} }),
  });
  expect(refused.status).toBe(503);
  expect(await refused.json()).toEqual({
    error: "service_unavailable",
    message: restartingMessage,
  });
}
