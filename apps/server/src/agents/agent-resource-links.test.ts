import { artifactSchema } from "@a2a-chat/contracts";
import { afterAll, beforeAll, expect, it } from "vitest";
import { a2aClient, inProcessFetch, sendParams, textMessage } from "../test/a2a.js";
import { createTestApp } from "../test/app.js";
import { describeEachDialect } from "../test/databases.js";
import { type EverythingProcess, startEverything } from "../test/everything.js";
import { taskUser } from "../test/tasks.js";
import { lendUserServer, modelAgentApp } from "../test/user-mcp.js";
import { openAgentTools } from "./mcp-tools.js";
import {
  type FakeChatRequest,
  type FakeOpenAiServer,
  type FakeReply,
  startFakeOpenAiServer,
} from "./providers/fake-openai-server.js";

/**
 * An agent's call to a tool that answers resource links with the server's own scheme (demo:):
 * the task's artifact keeps what they point to, read in the call's session, as files that open
 * after it (as a call from the Tools column does).
 */

const usage = () => ({ prompt_tokens: 5, completion_tokens: 3 });
function script(request: FakeChatRequest): FakeReply {
  if (request.body.messages.at(-1)?.role === "tool")
    return { kind: "text", chunks: ["Here are the resources."], usage: usage() };
  return {
    kind: "tool-call",
    id: "call-links",
    name: "get-resource-links",
    argumentPieces: ['{"count": 2}'],
    usage: usage(),
  };
}

let fake: FakeOpenAiServer;
let everything: EverythingProcess;
beforeAll(async () => {
  fake = await startFakeOpenAiServer(script);
  everything = await startEverything();
}, 30_000);
afterAll(async () => {
  await fake?.close();
  await everything?.stop();
});

const decoded = (bytes: unknown) => Buffer.from(String(bytes), "base64").toString("utf8");

describeEachDialect("resource links in an agent's tool result", (get) => {
  it("keeps the linked resources' content in the task's artifact", async () => {
    const app = modelAgentApp(get(), fake.baseUrl, { name: "reader", description: "Reads" });
    const user = await taskUser(app);
    await lendUserServer(
      app,
      user.session.access_token,
      { name: "everything", url: everything.url },
      "all",
    );
    const contextId = await user.createContext();
    const a2a = await a2aClient(inProcessFetch(app, user.session.access_token), "reader");
    for await (const _ of a2a.sendMessageStream(sendParams(textMessage(contextId, "links")))) {
      // the turn runs to its end
    }
    const artifacts = artifactSchema
      .array()
      .parse(await (await user.get(`/contexts/${contextId}/artifacts`)).json());
    const files = artifacts.flatMap((a) =>
      a.parts.flatMap((part) => (part.kind === "file" ? [part.file] : [])),
    );
    expect(files.map((file) => file.name)).toEqual(["1", "2"]);
    expect(files.every((file) => file.uri === undefined)).toBe(true);
    expect(decoded(files[0]?.bytes)).toMatch(/^Resource 1: This is a base64 blob/);
    expect(decoded(files[1]?.bytes)).toMatch(/^Resource 2: This is a plaintext resource/);
  });

  it("reads them for a call an agent makes to a server of the config file, server to server", async () => {
    const app = createTestApp(get(), {
      config: { mcp: { servers: [{ name: "everything", url: everything.url }] } },
    });
    const agent = { ...app.services.config.agents[0], mcpServers: ["everything"] } as NonNullable<
      (typeof app.services.config.agents)[0]
    >;
    const tools = await openAgentTools({
      services: app.services,
      agent,
      token: undefined,
      scopes: [],
      contextId: "c1",
      taskId: "t1",
      traceId: "trace",
      origin: "http://localhost:8080",
    });
    try {
      const links = tools.tools.find((tool) => tool.name === "get-resource-links");
      const result = await links?.execute({ count: 2 }, new AbortController().signal);
      const files = (result?.files ?? []).map((part) => part.file);
      expect(files.map((file) => file.name)).toEqual(["1", "2"]);
      expect(files.every((file) => file.uri === undefined)).toBe(true);
      expect(decoded(files[1]?.bytes)).toMatch(/^Resource 2: This is a plaintext resource/);
    } finally {
      await tools.close();
    }
  });
});
