import { artifactSchema } from "@a2a-chat/contracts";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../test/databases.js";
import { type EverythingProcess, startEverything } from "../../test/everything.js";
import { taskUser } from "../../test/tasks.js";
import { addUserServer, appReachingLoopback, userServerClient } from "../../test/user-mcp.js";

/**
 * Results with embedded resources and resource links, from the real server-everything added
 * by a user: what the conversation keeps can be opened after the call's session is gone.
 */
let everything: EverythingProcess;
beforeAll(async () => {
  everything = await startEverything();
}, 30_000);
afterAll(async () => {
  await everything?.stop();
});

const decoded = (bytes: unknown) => Buffer.from(String(bytes), "base64").toString("utf8");

describeEachDialect("result content through the proxy", (get) => {
  async function run(name: string, args: Record<string, unknown>) {
    const app = appReachingLoopback(get());
    const user = await taskUser(app);
    const token = user.session.access_token;
    const contextId = await user.createContext();
    const server = await addUserServer(app, token, { name: "everything", url: everything.url });
    const client = await userServerClient(app, token, server.endpoint, contextId);
    let result: CallToolResult;
    try {
      result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    } finally {
      await client.close();
    }
    const artifacts = artifactSchema
      .array()
      .parse(await (await user.get(`/contexts/${contextId}/artifacts`)).json());
    return { result, parts: artifacts[0]?.parts ?? [] };
  }

  it("keeps an embedded text resource beside the result's text, as a file that opens", async () => {
    const { result, parts } = await run("get-resource-reference", {});
    expect(result.content?.map((block) => block.type)).toEqual(["text", "resource", "text"]);
    expect(parts[0]?.kind).toBe("text");
    const file = parts.find((part) => part.kind === "file");
    expect(file?.kind === "file" && file.file).toMatchObject({ name: "1", mimeType: "text/plain" });
    expect(decoded(file?.kind === "file" ? file.file.bytes : "")).toMatch(
      /^Resource 1: This is a plaintext resource created at /,
    );
  });

  it("reads the resource links the browser cannot open (demo:) and keeps their content, text and blob", async () => {
    const { result, parts } = await run("get-resource-links", { count: 2 });
    // The caller gets the links as the server sent them.
    const links = result.content?.filter((block) => block.type === "resource_link") ?? [];
    expect(links.map((link) => link.type === "resource_link" && link.uri)).toEqual([
      "demo://resource/dynamic/blob/1",
      "demo://resource/dynamic/text/2",
    ]);
    const files = parts.flatMap((part) => (part.kind === "file" ? [part.file] : []));
    expect(files.map((file) => file.name)).toEqual(["1", "2"]);
    expect(files.every((file) => file.uri === undefined)).toBe(true);
    expect(decoded(files[0]?.bytes)).toMatch(/^Resource 1: This is a base64 blob/);
    expect(decoded(files[1]?.bytes)).toMatch(/^Resource 2: This is a plaintext resource/);
  });
});
