import { randomBytes } from "node:crypto";
import {
  contextFilesPath,
  externalAgentSchema,
  taskSchema,
  uploadedFileSchema,
} from "@a2a-chat/contracts";
import type { Message } from "@a2a-js/sdk";
import { afterAll, expect, it } from "vitest";
import { a2aClient, inProcessFetch, sendParams, textMessage } from "../test/a2a.js";
import { startTestAgent, type TestAgentOptions } from "../test/a2a-test-agent.js";
import { createTestApp } from "../test/app.js";
import { describeEachDialect } from "../test/databases.js";
import { taskUser } from "../test/tasks.js";
import { inlineFileMessages } from "./inline-files.js";

type App = ReturnType<typeof createTestApp>;
type User = Awaited<ReturnType<typeof taskUser>>;

const agents: { close: () => Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(agents.map((agent) => agent.close()));
});

async function agent(options: TestAgentOptions = {}) {
  const started = await startTestAgent(options);
  agents.push(started);
  return started;
}

const appWith = (db: Parameters<typeof createTestApp>[0], fileBytes?: number) =>
  createTestApp(db, {
    config: {
      outbound: { allowHosts: ["127.0.0.1"], credentialsKey: randomBytes(32).toString("base64") },
      ...(fileBytes !== undefined ? { quotas: { fileBytes } } : {}),
    },
  });

async function addAgent(app: App, user: User, url: string) {
  const res = await app.request("/api/v1/agents/external", {
    method: "POST",
    headers: { ...user.headers, "content-type": "application/json" },
    body: JSON.stringify({ url }),
  });
  return externalAgentSchema.parse(await res.json()).id;
}

async function upload(app: App, user: User, contextId: string, name: string, bytes: Buffer) {
  const res = await app.request(contextFilesPath(contextId), {
    method: "POST",
    headers: {
      ...user.headers,
      "content-type": name.endsWith(".txt") ? "text/plain" : "application/octet-stream",
      "x-file-name": encodeURIComponent(name),
      "content-length": String(bytes.byteLength),
    },
    body: bytes,
  });
  expect(res.status).toBe(201);
  return uploadedFileSchema.parse(await res.json());
}

/** A user's message with file links, in the SDK's shape (as the browser sends it). */
function withLinks(contextId: string, text: string, links: { name: string; url: string }[]) {
  const message = textMessage(contextId, text);
  const files: Message["parts"] = links.map((link) => ({
    content: { $case: "url", value: link.url },
    mediaType: link.name.endsWith(".txt") ? "text/plain" : "application/octet-stream",
    filename: link.name,
    metadata: undefined,
  }));
  return { ...message, parts: [...message.parts, ...files] };
}

async function send(app: App, user: User, agentId: string, message: Message) {
  const client = await a2aClient(
    inProcessFetch(app, user.session.access_token),
    `external/${agentId}`,
  );
  for await (const _ of client.sendMessageStream(sendParams(message))) {
    // read to the end
  }
  const tasks = taskSchema
    .array()
    .parse(await (await user.get(`/contexts/${message.contextId}/tasks`)).json());
  expect(tasks).toHaveLength(1);
  const task = tasks[0];
  const reply = task?.history.at(-1);
  const text = reply?.parts.map((p) => (p.kind === "text" ? p.text : "")).join("") ?? "";
  return { state: task?.status.state, text, history: task?.history ?? [] };
}

const messageCalls = (remote: Awaited<ReturnType<typeof agent>>) =>
  remote.received.filter((r) => r.method === "POST" && /message/i.test(r.body)).length;

describeEachDialect("files sent to a user-added agent", (get) => {
  it("sends an uploaded file's bytes inline to a 1.0 agent, leaving other links, never the token", async () => {
    const app = appWith(get());
    const remote = await agent();
    const user = await taskUser(app);
    const token = user.session.access_token;
    const agentId = await addAgent(app, user, remote.url);
    const contextId = await user.createContext();
    const notes = Buffer.from("line one\nline two ✓\n");
    const binary = randomBytes(70_000);
    const notesFile = await upload(app, user, contextId, "notes.txt", notes);
    const binaryFile = await upload(app, user, contextId, "blob.bin", binary);
    const far = "https://files.example/report.pdf";
    const message = withLinks(contextId, "read these", [
      { name: "notes.txt", url: notesFile.uri },
      { name: "blob.bin", url: `http://localhost${binaryFile.uri}` },
      { name: "report.pdf", url: far },
    ]);
    const result = await send(app, user, agentId, message);
    expect(result.state).toBe("completed");
    expect(remote.files.map((f) => [f.name, f.mediaType, f.url])).toEqual([
      ["notes.txt", "text/plain", undefined],
      ["blob.bin", "application/octet-stream", undefined],
      ["report.pdf", "application/octet-stream", far],
    ]);
    expect(remote.files[0]?.bytes?.equals(notes)).toBe(true);
    expect(remote.files[1]?.bytes?.equals(binary)).toBe(true);
    expect(result.text).toContain(`[notes.txt, ${notes.byteLength} bytes: ${notes.toString()}]`);
    // On the 1.0 wire a file's bytes are the part's raw field, base64.
    const call = remote.received.find((r) => r.method === "POST" && r.body.includes("raw"));
    expect(call?.body).toContain(notes.toString("base64"));
    // Our links and the session token never reach the agent; our stored message keeps its links.
    for (const request of remote.received) {
      expect(JSON.stringify(request.headers)).not.toContain(token);
      expect(request.body).not.toContain(token);
      expect(request.body).not.toContain("/api/v1/core/files/");
    }
    expect(JSON.stringify(result.history[0])).toContain(notesFile.uri);
  });

  it("sends the bytes in the 0.3 shape to a 0.3 agent", async () => {
    const app = appWith(get());
    const remote = await agent({ protocol: "0.3" });
    const user = await taskUser(app);
    const agentId = await addAgent(app, user, remote.url);
    const contextId = await user.createContext();
    const notes = Buffer.from("old protocol, same bytes");
    const file = await upload(app, user, contextId, "old.txt", notes);
    const result = await send(
      app,
      user,
      agentId,
      withLinks(contextId, "read", [{ name: "old.txt", url: file.uri }]),
    );
    expect(result.state).toBe("completed");
    expect(remote.files).toHaveLength(1);
    expect(remote.files[0]?.bytes?.equals(notes)).toBe(true);
    const call = remote.received.find((r) => r.method === "POST" && r.body.includes("old.txt"));
    const part = (
      JSON.parse(call?.body ?? "{}") as {
        params?: { message?: { parts?: { kind: string; file?: Record<string, string> }[] } };
      }
    ).params?.message?.parts?.find((p) => p.kind === "file");
    expect(part?.file).toEqual({
      name: "old.txt",
      mimeType: "text/plain",
      bytes: notes.toString("base64"),
    });
  });

  it("refuses another user's file with a message, sending the agent nothing", async () => {
    const app = appWith(get());
    const remote = await agent();
    const user = await taskUser(app);
    const other = await taskUser(app);
    const agentId = await addAgent(app, user, remote.url);
    const theirs = await upload(
      app,
      other,
      await other.createContext(),
      "private.txt",
      Buffer.from("not yours"),
    );
    const contextId = await user.createContext();
    const before = messageCalls(remote);
    const result = await send(
      app,
      user,
      agentId,
      withLinks(contextId, "peek", [{ name: "private.txt", url: theirs.uri }]),
    );
    expect(result.state).toBe("failed");
    expect(result.text).toContain(
      inlineFileMessages.unreadable("private.txt", "The file is no longer there."),
    );
    expect(messageCalls(remote)).toBe(before);
    expect(remote.files).toEqual([]);
  });

  it("refuses files above one upload's limit in all with a message, sending the agent nothing", async () => {
    const app = appWith(get(), 1000);
    const remote = await agent();
    const user = await taskUser(app);
    const agentId = await addAgent(app, user, remote.url);
    const contextId = await user.createContext();
    const first = await upload(app, user, contextId, "a.bin", Buffer.alloc(600, 1));
    const second = await upload(app, user, contextId, "b.bin", Buffer.alloc(600, 2));
    const before = messageCalls(remote);
    const result = await send(
      app,
      user,
      agentId,
      withLinks(contextId, "both", [
        { name: "a.bin", url: first.uri },
        { name: "b.bin", url: second.uri },
      ]),
    );
    expect(result.state).toBe("failed");
    expect(result.text).toContain(inlineFileMessages.tooLarge(1000));
    expect(messageCalls(remote)).toBe(before);
    expect(remote.files).toEqual([]);
  });
});
