import { Agent, request } from "node:http";

/**
 * The simulated users of the capacity bench, run as their own process (forked by capacity.ts) so
 * generating the load does not share the server's event loop. Each user: gets an anonymous token,
 * opens the live stream, creates a conversation, then sends its messages one after another
 * through the A2A endpoint (streaming), timing each reply until its final event.
 */

export interface CapacityPlan {
  url: string;
  agent: string;
  users: number;
  /** Users start evenly spread over this window. */
  rampMs: number;
  messages: number;
  /** Pause between a reply's end and the user's next message. */
  thinkMs: number;
  /** The users' messages in turn: message i is texts[i % texts.length]. */
  texts: string[];
  timeoutMs: number;
}

export interface CapacityOutcome {
  /** Users whose requests all connected and answered (2xx). */
  usersOk: number;
  /** Failed connections or requests, by kind (resets, timeouts, status codes). */
  errors: Record<string, number>;
  /** Reply latencies (ms), send to final event, every reply that ended. */
  replies: number[];
  /** Replies that ended in a state other than completed. */
  notCompleted: number;
  /** Replies that ended with the "server running this reply stopped" reason. */
  serverStopped: number;
  /**
   * Replies to a message naming an artifact kind ("table of…", "chart of…") that completed
   * without an artifact of that kind, by the message's text.
   */
  missingArtifacts: Record<string, number>;
  /** The end of a few such replies, to tell why. */
  missingSamples: string[];
  /** Live-stream events received across users. */
  streamEvents: number;
  /** Time from a user's start to its stream's snapshot (ms). */
  connects: number[];
  wallMs: number;
}

class RequestError extends Error {
  constructor(readonly kind: string) {
    super(kind);
  }
}

function errorKind(error: unknown): string {
  if (error instanceof RequestError) return error.kind;
  const code = (error as { code?: string }).code;
  return code ?? (error instanceof Error ? error.message.slice(0, 60) : String(error));
}

/** Marks a reset of a kept-alive connection before any answer, which a browser retries. */
function markReused(error: Error, reused: boolean): Error {
  return Object.assign(error, { retryable: reused });
}

/**
 * Runs a request, once more when it failed on a kept-alive connection the server had just
 * closed (its idle timeout racing the request): browsers retry such requests, Node's agent
 * does not.
 */
async function retryReused<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if ((error as { retryable?: boolean }).retryable !== true) throw error;
    return send();
  }
}

/** One JSON request; rejects with a RequestError naming what failed. */
function jsonRequest(
  plan: CapacityPlan,
  agent: Agent,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      `${plan.url}${path}`,
      {
        method,
        agent,
        timeout: plan.timeoutMs,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload ? { "content-type": "application/json" } : {}),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () => {
          const status = res.statusCode ?? 0;
          if (status < 200 || status >= 300) reject(new RequestError(`HTTP ${status} ${path}`));
          else resolve(text ? JSON.parse(text) : undefined);
        });
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new RequestError("timeout")));
    req.on("error", (error) => reject(markReused(error, req.reusedSocket)));
    req.end(payload);
  });
}

/** The live stream: resolves once its snapshot arrived; counts the events after it. */
function openStream(
  plan: CapacityPlan,
  token: string,
  onEvent: () => void,
): Promise<{ close(): void }> {
  return new Promise((resolve, reject) => {
    const req = request(`${plan.url}/api/v1/stream/contexts`, {
      agent: false,
      headers: { authorization: `Bearer ${token}`, accept: "text/event-stream" },
    });
    const timer = setTimeout(() => req.destroy(new RequestError("timeout")), plan.timeoutMs);
    req.on("response", (res) => {
      if (res.statusCode !== 200) {
        clearTimeout(timer);
        res.resume();
        reject(new RequestError(`HTTP ${res.statusCode} stream`));
        return;
      }
      res.setEncoding("utf8");
      let buffer = "";
      let open = false;
      res.on("data", (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!open && frame.includes("event: snapshot")) {
            open = true;
            clearTimeout(timer);
            resolve({ close: () => req.destroy() });
          } else if (open && (frame.startsWith("id: ") || frame.includes("\nid: "))) onEvent();
          end = buffer.indexOf("\n\n");
        }
      });
      res.on("error", () => {});
    });
    req.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end();
  });
}

const terminal = new Set([
  "TASK_STATE_COMPLETED",
  "TASK_STATE_FAILED",
  "TASK_STATE_CANCELED",
  "TASK_STATE_REJECTED",
  "TASK_STATE_INPUT_REQUIRED",
  "TASK_STATE_AUTH_REQUIRED",
]);

/** How a streamed reply ended: its final state and text, and the kinds of artifact it carried. */
interface ReplyEnd {
  state: string;
  text: string;
  artifactTypes: Set<string>;
}

interface StreamEvent {
  error?: { message?: string };
  result?: {
    statusUpdate?: { status?: { state?: string; message?: { parts?: { text?: string }[] } } };
    artifactUpdate?: { artifact?: { metadata?: { artifact_type?: string } } };
  };
}

/** One streamed A2A message; resolves with how it ended once its final event arrived. */
function sendStreaming(
  plan: CapacityPlan,
  agent: Agent,
  token: string,
  contextId: string,
  index: number,
): Promise<ReplyEnd> {
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id: index,
    method: "SendStreamingMessage",
    params: {
      message: {
        messageId: `bench-${contextId}-${index}`,
        contextId,
        role: "ROLE_USER",
        parts: [{ text: textOf(plan, index) }],
      },
    },
  });
  return new Promise((resolve, reject) => {
    const req = request(`${plan.url}/api/v1/agents/${plan.agent}`, {
      method: "POST",
      agent,
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        accept: "text/event-stream",
        "a2a-version": "1.0",
      },
    });
    const timer = setTimeout(() => req.destroy(new RequestError("timeout")), plan.timeoutMs);
    let settled = false;
    const artifactTypes = new Set<string>();
    const settle = (error: unknown, end?: { state: string; text: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve({ state: end?.state ?? "", text: end?.text ?? "", artifactTypes });
    };
    let answered = false;
    req.on("response", (res) => {
      answered = true;
      if (res.statusCode !== 200) {
        res.resume();
        settle(new RequestError(`HTTP ${res.statusCode} send`));
        return;
      }
      res.setEncoding("utf8");
      let buffer = "";
      res.on("data", (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = frame
            .split("\n")
            .filter((line) => line.startsWith("data:"))
            .map((line) => line.slice(5).trim())
            .join("\n");
          if (data) {
            const event = JSON.parse(data) as StreamEvent;
            if (event.error) settle(new RequestError(`rpc ${event.error.message}`));
            const type = event.result?.artifactUpdate?.artifact?.metadata?.artifact_type;
            if (type) artifactTypes.add(type);
            const status = event.result?.statusUpdate?.status;
            if (status?.state && terminal.has(status.state)) {
              const text = (status.message?.parts ?? []).map((part) => part.text ?? "").join("");
              settle(undefined, { state: status.state, text });
            }
          }
          end = buffer.indexOf("\n\n");
        }
      });
      res.on("end", () => settle(new RequestError("stream ended without a final state")));
      res.on("error", (error) => settle(error));
    });
    req.on("error", (error) => settle(markReused(error, req.reusedSocket && !answered)));
    req.end(body);
  });
}

/** The text of a user's message number `index` (from 1). */
function textOf(plan: CapacityPlan, index: number): string {
  return plan.texts[(index - 1) % plan.texts.length] ?? "hello";
}

/** The artifact kind a message asks for by its first word ("table of…", "chart of…"), if any. */
function wantedArtifact(text: string): string | undefined {
  const first = /^(table|chart)\b/i.exec(text)?.[1];
  return first?.toLowerCase();
}

function count(outcome: CapacityOutcome, text: string, end: ReplyEnd): void {
  if (end.state !== "TASK_STATE_COMPLETED") outcome.notCompleted += 1;
  if (end.text.includes("The server running this reply stopped")) outcome.serverStopped += 1;
  const wanted = wantedArtifact(text);
  if (end.state === "TASK_STATE_COMPLETED" && wanted && !end.artifactTypes.has(wanted)) {
    outcome.missingArtifacts[text] = (outcome.missingArtifacts[text] ?? 0) + 1;
    if (outcome.missingSamples.length < 5) outcome.missingSamples.push(end.text.slice(-200));
  }
}

async function oneUser(
  plan: CapacityPlan,
  outcome: CapacityOutcome,
  startedAt: number,
): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 2 });
  let stream: { close(): void } | undefined;
  let step = "session";
  try {
    const session = (await retryReused(() =>
      jsonRequest(plan, agent, "POST", "/api/v1/core/oauth/session"),
    )) as {
      access_token: string;
    };
    const token = session.access_token;
    step = "stream";
    stream = await openStream(plan, token, () => {
      outcome.streamEvents += 1;
    });
    outcome.connects.push(performance.now() - startedAt);
    step = "context";
    const context = (await retryReused(() =>
      jsonRequest(plan, agent, "POST", "/api/v1/core/contexts", token, { name: "Capacity" }),
    )) as { context_id: string };
    step = "send";
    for (let i = 0; i < plan.messages; i += 1) {
      if (i > 0 && plan.thinkMs > 0) await new Promise((r) => setTimeout(r, plan.thinkMs));
      const sent = performance.now();
      const end = await retryReused(() =>
        sendStreaming(plan, agent, token, context.context_id, i + 1),
      );
      outcome.replies.push(performance.now() - sent);
      count(outcome, textOf(plan, i + 1), end);
    }
    outcome.usersOk += 1;
  } catch (error) {
    const kind = `${step}: ${errorKind(error)}`;
    outcome.errors[kind] = (outcome.errors[kind] ?? 0) + 1;
  } finally {
    stream?.close();
    agent.destroy();
  }
}

/** Runs every user of the plan; resolves when all have finished or failed. */
export async function runUsers(plan: CapacityPlan): Promise<CapacityOutcome> {
  const outcome: CapacityOutcome = {
    usersOk: 0,
    errors: {},
    replies: [],
    notCompleted: 0,
    serverStopped: 0,
    missingArtifacts: {},
    missingSamples: [],
    streamEvents: 0,
    connects: [],
    wallMs: 0,
  };
  const started = performance.now();
  const users: Promise<void>[] = [];
  for (let i = 0; i < plan.users; i += 1) {
    const due = started + (i * plan.rampMs) / plan.users;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    users.push(oneUser(plan, outcome, performance.now()));
  }
  await Promise.all(users);
  if (process.env.BENCH_DEBUG) {
    const c = [...outcome.connects].sort((a, b) => a - b);
    console.log(
      `connect p50 ${c[Math.floor(c.length / 2)]?.toFixed(0)} p99 ${c[Math.floor(c.length * 0.99)]?.toFixed(0)} max ${c.at(-1)?.toFixed(0)}`,
    );
  }
  outcome.wallMs = performance.now() - started;
  return outcome;
}

// Forked by the bench: the plan comes as the first message, the outcome goes back.
if (process.send) {
  process.once("message", (plan: CapacityPlan) => {
    runUsers(plan).then(
      (outcome) => process.send?.(outcome, () => process.exit(0)),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
