import { nulCharacterMessage } from "@a2a-chat/contracts";
import { type Message, Role } from "@a2a-js/sdk";
import { LegacyJsonRpcTransport } from "@a2a-js/sdk/compat/v0_3/client";
import { expect, it } from "vitest";
import { rpcRequestMessages } from "../../agents/rpc-request-check.js";
import { a2aClient, inProcessFetch, sendParams, textMessage } from "../../test/a2a.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { taskUser } from "../../test/tasks.js";

type App = ReturnType<typeof createTestApp>;

async function setup(app: App) {
  const user = await taskUser(app);
  const contextId = await user.createContext();
  const fetchImpl = inProcessFetch(app, user.session.access_token);
  const v1 = await a2aClient(fetchImpl, "assistant");
  const v03 = new LegacyJsonRpcTransport({
    endpoint: "http://localhost/api/v1/agents/assistant",
    fetchImpl,
  });
  /** What the user's account holds: conversations, and tasks and messages of this one. */
  const holdings = async () => {
    const contexts = (await (await user.get("/contexts")).json()) as { message_count: number }[];
    const tasks = (await (await user.get(`/contexts/${contextId}/tasks`)).json()) as unknown[];
    const messages = contexts.reduce((sum, c) => sum + c.message_count, 0);
    return { contexts: contexts.length, tasks: tasks.length, messages };
  };
  /** A raw JSON-RPC call, for what no SDK client can be made to send. */
  const rpc = async (body: unknown, version = "1.0") => {
    const res = await app.request("/api/v1/agents/assistant", {
      method: "POST",
      headers: { ...user.headers, "content-type": "application/json", "A2A-Version": version },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  return { user, contextId, v1, v03, holdings, rpc };
}

const withParts = (message: Message, parts: Message["parts"]): Message => ({ ...message, parts });

describeEachDialect("A2A refuses malformed user messages and changes nothing", (get) => {
  it("v1.0 client: agent role, empty parts, data as a string, negative historyLength", async () => {
    const app = createTestApp(get());
    const { contextId, v1, holdings } = await setup(app);
    const done = await v1.sendMessage(sendParams(textMessage(contextId, "hello")));
    if (!("id" in done)) throw new Error("expected a task");
    const before = await holdings();

    const agentRole = { ...textMessage(contextId, "I am the agent"), role: Role.ROLE_AGENT };
    await expect(v1.sendMessage(sendParams(agentRole))).rejects.toThrow(rpcRequestMessages.role);
    await expect(
      v1.sendMessage(sendParams(withParts(textMessage(contextId, ""), []))),
    ).rejects.toThrow(rpcRequestMessages.parts);
    const dataString = withParts(textMessage(contextId, ""), [
      {
        content: { $case: "data", value: "just a string" },
        mediaType: "",
        filename: "",
        metadata: undefined,
      },
    ]);
    await expect(v1.sendMessage(sendParams(dataString))).rejects.toThrow(
      rpcRequestMessages.data(0),
    );
    const stream = async () => {
      for await (const _ of v1.sendMessageStream(sendParams(agentRole))) {
        // nothing may arrive
      }
    };
    await expect(stream()).rejects.toThrow(rpcRequestMessages.role);
    await expect(v1.getTask({ tenant: "", id: done.id, historyLength: -1 })).rejects.toThrow(
      rpcRequestMessages.historyLength,
    );
    const negative = {
      ...sendParams(textMessage(contextId, "hello again")),
      configuration: {
        acceptedOutputModes: [],
        taskPushNotificationConfig: undefined,
        historyLength: -3,
        returnImmediately: false,
      },
    };
    await expect(v1.sendMessage(negative)).rejects.toThrow(rpcRequestMessages.historyLength);

    expect(await holdings()).toEqual(before);
  });

  it("raw v1.0 and v0.3 calls: file bytes that are not base64, wrong kinds, NUL characters", async () => {
    const app = createTestApp(get());
    const { contextId, holdings, rpc } = await setup(app);
    const before = await holdings();
    const v1Message = (parts: unknown[], extra: Record<string, unknown> = {}) => ({
      jsonrpc: "2.0",
      id: 9,
      method: "SendMessage",
      params: { message: { messageId: "m-1", contextId, role: "ROLE_USER", parts, ...extra } },
    });
    const refused = (message: string) => ({
      status: 200,
      body: { jsonrpc: "2.0", id: 9, error: { code: -32602, message } },
    });

    expect(await rpc(v1Message([{ raw: "not base64!!", mediaType: "image/png" }]))).toMatchObject(
      refused(rpcRequestMessages.bytes(0)),
    );
    expect(
      await rpc(v1Message([{ text: "a" }, { text: "b", url: "https://x.test/f" }])),
    ).toMatchObject(refused(rpcRequestMessages.part(1)));
    expect(await rpc(v1Message([{ data: [1, 2] }]))).toMatchObject(
      refused(rpcRequestMessages.data(0)),
    );
    expect(await rpc(v1Message([{ text: "hi" }], { messageId: { id: 1 } }))).toMatchObject(
      refused(rpcRequestMessages.messageId),
    );
    expect(await rpc(v1Message([{ text: "hi" }], { messageId: "x".repeat(129) }))).toMatchObject(
      refused(rpcRequestMessages.messageId),
    );

    const legacy = (parts: unknown[], role = "user") => ({
      jsonrpc: "2.0",
      id: 9,
      method: "message/send",
      params: { message: { kind: "message", messageId: "m-2", contextId, role, parts } },
    });
    expect(
      await rpc(legacy([{ kind: "file", file: { bytes: "%%%%", mimeType: "text/plain" } }]), "0.3"),
    ).toMatchObject(refused(rpcRequestMessages.bytes(0)));
    expect(await rpc(legacy([{ kind: "data", data: "a string" }]), "0.3")).toMatchObject(
      refused(rpcRequestMessages.data(0)),
    );
    expect(await rpc(legacy([{ kind: "text", text: "hi" }], "agent"), "0.3")).toMatchObject(
      refused(rpcRequestMessages.role),
    );
    expect(await rpc(legacy([]), "0.3")).toMatchObject(refused(rpcRequestMessages.parts));
    expect(
      await rpc(
        { jsonrpc: "2.0", id: 9, method: "tasks/get", params: { id: "x", historyLength: -1 } },
        "0.3",
      ),
    ).toMatchObject(refused(rpcRequestMessages.historyLength));

    // NUL characters never reach the database: in a text, in an id.
    expect(await rpc(v1Message([{ text: "a\u0000b" }]))).toMatchObject(
      refused(nulCharacterMessage),
    );
    expect(
      await rpc({ jsonrpc: "2.0", id: 9, method: "GetTask", params: { id: "t\u0000" } }),
    ).toMatchObject(refused(nulCharacterMessage));
    // Malformed JSON is a JSON-RPC parse error.
    expect(await rpc("{not json")).toMatchObject({
      status: 200,
      body: { jsonrpc: "2.0", id: null, error: { code: -32700 } },
    });

    expect(await holdings()).toEqual(before);
  });

  it("v0.3 client: agent role and empty parts", async () => {
    const app = createTestApp(get());
    const { contextId, v03, holdings } = await setup(app);
    const before = await holdings();
    const agentRole = { ...textMessage(contextId, "I am the agent"), role: Role.ROLE_AGENT };
    await expect(v03.sendMessage(sendParams(agentRole))).rejects.toThrow(rpcRequestMessages.role);
    await expect(
      v03.sendMessage(sendParams(withParts(textMessage(contextId, ""), []))),
    ).rejects.toThrow(rpcRequestMessages.parts);
    expect(await holdings()).toEqual(before);
  });
});
