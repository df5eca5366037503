import { type Artifact, contextRecordSchema, type Message } from "@a2a-chat/contracts";
import type { Hono } from "hono";
import type { AppEnv } from "../http/env.js";
import type { Services } from "../http/services.js";
import { createTask } from "../tasks/task-commands.js";
import { SseReader } from "./sse.js";
import { anonymousSession, bearer } from "./tokens.js";

/** A text message. */
export function textMessage(messageId: string, text: string, role: "user" | "agent" = "user") {
  return { messageId, role, parts: [{ kind: "text", text }] } satisfies Message;
}

/** A valid table artifact of a conversation; fields of `extra` go into its metadata. */
export function tableArtifact(
  artifactId: string,
  contextId: string,
  extra: Record<string, unknown> = {},
): Artifact {
  return {
    artifactId,
    name: `Table ${artifactId}`,
    parts: [{ kind: "data", data: { items: [{ id: artifactId }] } }],
    metadata: {
      artifact_type: "table",
      context_id: contextId,
      created_at: new Date().toISOString(),
      ...extra,
    },
  };
}

/** A signed-in (anonymous) user of an app, with helpers for the core API and the stream. */
export async function taskUser(app: Hono<AppEnv> & { services: Services }) {
  const session = await anonymousSession(app);
  const headers = bearer(session.access_token);
  const owner = { userId: session.user_id };
  const get = (path: string) => app.request(`/api/v1/core${path}`, { headers });
  const createContext = async (name = "Chat") => {
    const res = await app.request("/api/v1/core/contexts", {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ name }),
    });
    return contextRecordSchema.parse(await res.json()).context_id;
  };
  const deleteContext = (id: string) =>
    app.request(`/api/v1/core/contexts/${id}`, { method: "DELETE", headers });
  /** Opens the live stream and reads past its snapshot. */
  const openStream = async () => {
    const res = await app.request("/api/v1/stream/contexts", { headers });
    const reader = new SseReader(res);
    const snapshot = await reader.next();
    if (snapshot.event !== "snapshot")
      throw new Error(`expected a snapshot, got ${snapshot.event}`);
    return reader;
  };
  /** A task with a first user message in a conversation. */
  const task = (contextId: string, messageId: string, text = "hello") =>
    createTask(app.services, owner, {
      contextId,
      agentName: "assistant",
      taskType: "agent_message",
      initialMessage: textMessage(messageId, text),
    });
  return { session, owner, headers, get, createContext, deleteContext, openStream, task };
}
