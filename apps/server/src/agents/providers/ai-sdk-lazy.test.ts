import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type StreamResponse, TaskState } from "@a2a-js/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { a2aClient, textMessage } from "../../test/a2a.js";
import { type ModuleLog, moduleLog } from "../../test/module-log.js";
import { type ServerProcess, startServerProcess } from "../../test/server-process.js";
import { type FakeOpenAiServer, startFakeOpenAiServer } from "./fake-openai-server.js";

/**
 * A server process with a model configured loads neither the AI SDK nor any provider package
 * until a turn uses the model, then only the provider that model needs. Watched by a module
 * resolve hook in the server process (test/module-log.ts).
 */

const notAtStart = [
  "/node_modules/ai/",
  "/node_modules/@ai-sdk/",
  "/node_modules/@opentelemetry/api/",
  "/node_modules/mdast-util-from-markdown/",
];

let fake: FakeOpenAiServer;
let modules: ModuleLog;
let server: ServerProcess;
const dataDir = mkdtempSync(join(tmpdir(), "a2a-chat-lazy-"));

beforeAll(async () => {
  fake = await startFakeOpenAiServer(() => ({
    kind: "text",
    chunks: ["Lazily ", "loaded."],
    usage: { prompt_tokens: 3, completion_tokens: 2 },
  }));
  modules = moduleLog();
  server = await startServerProcess(
    {
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl,
      OPENAI_COMPATIBLE_MODEL: "fake-model",
      ...modules.env,
    },
    { nodeArgs: modules.nodeArgs },
  );
}, 120_000);

afterAll(async () => {
  await server?.kill();
  await fake?.close();
  modules?.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

async function post<T>(path: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok).toBe(true);
  return (await res.json()) as T;
}

describe("the AI SDK is loaded on first use", () => {
  it("is not loaded at start, then the SDK and only the used provider load with the first turn", async () => {
    expect((await fetch(`${server.url}/api/v1/health/ready`)).status).toBe(200);
    expect((await fetch(`${server.url}/chat`)).status).toBe(200);
    const atStart = modules.loaded();
    // The hook saw the server's modules and its external dependencies (the log is not empty).
    expect(atStart).toContain("/node_modules/@a2a-js/sdk/");
    for (const path of notAtStart) expect(atStart).not.toContain(path);

    const { access_token: token } = await post<{ access_token: string }>(
      "/api/v1/core/oauth/session",
    );
    const { context_id: contextId } = await post<{ context_id: string }>(
      "/api/v1/core/contexts",
      token,
      { name: "Lazy" },
    );
    const withToken: typeof fetch = (input, init) => {
      const request = new Request(input, init);
      request.headers.set("authorization", `Bearer ${token}`);
      return fetch(request);
    };
    const registry = (await (await fetch(`${server.url}/api/v1/agents/registry`)).json()) as {
      data: { name: string }[];
    };
    const agent = registry.data[0]?.name ?? "";
    const client = await a2aClient(withToken, agent, server.url);
    let state: TaskState | undefined;
    let text = "";
    const stream = client.sendMessageStream({
      tenant: "",
      message: textMessage(contextId, "hello"),
      configuration: undefined,
      metadata: undefined,
    });
    for await (const event of stream as AsyncIterable<StreamResponse>) {
      if (event.payload?.$case !== "statusUpdate") continue;
      state = event.payload.value.status?.state;
      for (const part of event.payload.value.status?.message?.parts ?? []) {
        if (part.content?.$case === "text") text += part.content.value;
      }
    }
    expect(state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(text).toContain("Lazily ");
    expect(text).toContain("loaded.");

    const afterTurn = modules.loaded();
    expect(afterTurn).toContain("/node_modules/ai/");
    expect(afterTurn).toContain("/node_modules/@ai-sdk/openai-compatible/");
    for (const other of ["anthropic", "google", "openai"]) {
      expect(afterTurn).not.toContain(`/node_modules/@ai-sdk/${other}/`);
    }
  }, 120_000);
});
