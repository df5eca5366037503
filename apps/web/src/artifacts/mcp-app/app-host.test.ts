// @vitest-environment node

import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/client";
import { App } from "@modelcontextprotocol/ext-apps";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it, vi } from "vitest";
import { type AppHostServices, appHostMessages, createAppHost } from "./app-host.js";

/** Two transports joined back to back: what one sends, the other receives (asynchronously). */
function linkedPair(): [Transport, Transport] {
  const make = (): Transport & { peer?: Transport } => ({
    async start() {},
    async close() {},
    async send(message: JSONRPCMessage) {
      const peer = (this as { peer?: Transport }).peer;
      queueMicrotask(() => peer?.onmessage?.(message));
    },
  });
  const a = make();
  const b = make();
  a.peer = b;
  b.peer = a;
  return [a, b];
}

const tool = (name: string, visibility?: string[]): Tool => ({
  name,
  inputSchema: { type: "object" },
  ...(visibility ? { _meta: { ui: { visibility } } } : {}),
});

function services(overrides: Partial<AppHostServices> = {}): AppHostServices {
  return {
    listTools: vi.fn(async () => [
      tool("get-time"),
      tool("poll", ["app"]),
      tool("model-only", ["model"]),
    ]),
    callTool: vi.fn(async (name) => ({
      content: [{ type: "text" as const, text: `ran ${name}` }],
    })),
    readResource: vi.fn(async (uri) => ({ contents: [{ uri, text: "data" }] })),
    confirmOpenLink: vi.fn(async () => true),
    sendMessage: vi.fn(async () => undefined),
    updateModelContext: vi.fn(),
    onSizeChange: vi.fn(),
    onDisplayModeChange: vi.fn(),
    ...overrides,
  };
}

async function connected(host: AppHostServices, modes?: ("inline" | "fullscreen")[]) {
  const bridge = createAppHost(host, {
    theme: "dark",
    displayMode: "inline",
    availableDisplayModes: ["inline", "fullscreen"],
    locale: "en-GB",
    containerDimensions: { maxHeight: 600, width: 500 },
  });
  const [hostSide, appSide] = linkedPair();
  const initialized = new Promise<void>((resolve) => {
    bridge.oninitialized = () => resolve();
  });
  await bridge.connect(hostSide);
  const app = new App(
    { name: "test app", version: "1.0.0" },
    modes ? { availableDisplayModes: modes } : {},
    { autoResize: false },
  );
  await app.connect(appSide);
  await initialized;
  return { bridge, app };
}

describe("createAppHost", () => {
  it("answers ui/initialize with the host context (theme, display mode, size, locale)", async () => {
    const { app } = await connected(services());
    expect(app.getHostContext()).toMatchObject({
      theme: "dark",
      displayMode: "inline",
      locale: "en-GB",
      containerDimensions: { maxHeight: 600, width: 500 },
    });
  });

  it("sends the tool's input and result to the app", async () => {
    const { bridge, app } = await connected(services());
    const input = new Promise((resolve) => {
      app.ontoolinput = resolve;
    });
    const result = new Promise((resolve) => {
      app.ontoolresult = resolve;
    });
    await bridge.sendToolInput({ arguments: { city: "Oslo" } });
    await bridge.sendToolResult({ content: [{ type: "text", text: "12:00" }] });
    expect(await input).toEqual({ arguments: { city: "Oslo" } });
    expect(await result).toMatchObject({ content: [{ type: "text", text: "12:00" }] });
  });

  it("calls its server's tools for the app, app-only ones too, and refuses model-only and unknown ones", async () => {
    const host = services();
    const { app } = await connected(host);
    expect(await app.callServerTool({ name: "get-time", arguments: {} })).toMatchObject({
      content: [{ text: "ran get-time" }],
    });
    expect(await app.callServerTool({ name: "poll", arguments: {} })).toMatchObject({
      content: [{ text: "ran poll" }],
    });
    for (const name of ["model-only", "other-server-tool"]) {
      const refused = await app.callServerTool({ name, arguments: {} });
      expect(refused).toMatchObject({
        isError: true,
        content: [{ text: appHostMessages.toolNotAllowed(name) }],
      });
    }
    expect(host.callTool).toHaveBeenCalledTimes(2);
    expect(host.listTools).toHaveBeenCalledTimes(1);
  });

  it("reads resources of its server", async () => {
    const host = services();
    const { app } = await connected(host);
    const read = await app.readServerResource({ uri: "ui://x/data" });
    expect(read.contents[0]).toMatchObject({ uri: "ui://x/data", text: "data" });
  });

  it("opens http(s) links only after the user confirms, never other schemes", async () => {
    const confirmOpenLink = vi.fn(async (url: URL) => url.hostname === "example.com");
    const { app } = await connected(services({ confirmOpenLink }));
    expect(await app.openLink({ url: "https://example.com/a" })).not.toHaveProperty("isError");
    expect(await app.openLink({ url: "https://declined.example/" })).toEqual({ isError: true });
    expect(await app.openLink({ url: "javascript:alert(1)" })).toEqual({ isError: true });
    expect(confirmOpenLink).toHaveBeenCalledTimes(2);
  });

  it("adds ui/message as a user message and keeps ui/update-model-context for the next turn", async () => {
    const host = services();
    const { app } = await connected(host);
    await app.sendMessage({ role: "user", content: [{ type: "text", text: "Show March" }] });
    expect(host.sendMessage).toHaveBeenCalledWith("Show March");
    await app.updateModelContext({
      content: [{ type: "text", text: "Region: EU" }],
      structuredContent: { month: 3 },
    });
    expect(host.updateModelContext).toHaveBeenCalledWith('Region: EU\n{"month":3}');
  });

  it("refuses ui/message where there is no conversation", async () => {
    const { app } = await connected(services({ sendMessage: undefined }));
    const answer = await app.sendMessage({ role: "user", content: [{ type: "text", text: "x" }] });
    expect(answer).toEqual({ isError: true });
  });

  it("passes size changes on and switches display modes the app declared", async () => {
    const host = services();
    const { app } = await connected(host, ["inline", "fullscreen"]);
    await app.sendSizeChanged({ width: 320, height: 240 });
    await vi.waitFor(() =>
      expect(host.onSizeChange).toHaveBeenCalledWith({ width: 320, height: 240 }),
    );
    expect(await app.requestDisplayMode({ mode: "fullscreen" })).toEqual({ mode: "fullscreen" });
    expect(host.onDisplayModeChange).toHaveBeenCalledWith("fullscreen");
    expect(await app.requestDisplayMode({ mode: "pip" })).toEqual({ mode: "fullscreen" });
  });

  it("keeps an app inline when it did not declare fullscreen", async () => {
    const host = services();
    const { app } = await connected(host, ["inline"]);
    expect(await app.requestDisplayMode({ mode: "fullscreen" })).toEqual({ mode: "inline" });
    expect(host.onDisplayModeChange).not.toHaveBeenCalled();
  });
});
