import { isAppCallableTool } from "@a2a-chat/contracts";
import {
  AppBridge,
  type McpUiDisplayMode,
  type McpUiHostContext,
} from "@modelcontextprotocol/ext-apps/app-bridge";
import type { CallToolResult, ReadResourceResult, Tool } from "@modelcontextprotocol/sdk/types.js";

/** What the host does for an app; the view supplies it (the API, dialogs, the conversation). */
export interface AppHostServices {
  /** The app's server's tools, app-only ones included (what the app may call is checked here). */
  listTools(): Promise<Tool[]>;
  callTool(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  readResource(uri: string): Promise<ReadResourceResult>;
  /** Asks the user whether to open the link; true when it was opened. */
  confirmOpenLink(url: URL): Promise<boolean>;
  /** Adds a user message to the conversation; absent where there is none to add it to. */
  sendMessage?: (text: string) => Promise<void>;
  /** Keeps what the app wants the model to know on the next turn. */
  updateModelContext(text: string): void;
  onSizeChange(size: { width?: number; height?: number }): void;
  onDisplayModeChange(mode: McpUiDisplayMode): void;
}

/** Display modes this host offers. */
export const hostDisplayModes: McpUiDisplayMode[] = ["inline", "fullscreen"];

/** Messages an app is answered with when it asks for what it may not have. */
export const appHostMessages = {
  toolNotAllowed: (name: string) => `Tool ${name} is not available to this app`,
  linkRefused: "The link was not opened",
  noConversation: "This app cannot add messages here",
} as const;

function errorResult(text: string): CallToolResult {
  return { content: [{ type: "text", text }], isError: true };
}

/** The text of content blocks (ui/message, ui/update-model-context): their text blocks, joined. */
export function contentText(content: unknown): string {
  if (!Array.isArray(content)) return "";
  return content
    .filter(
      (block): block is { type: "text"; text: string } =>
        typeof block === "object" &&
        block !== null &&
        (block as { type?: unknown }).type === "text" &&
        typeof (block as { text?: unknown }).text === "string",
    )
    .map((block) => block.text)
    .join("\n");
}

/**
 * The host side of one app's bridge (the SDK's AppBridge, no MCP client of its own): every
 * request the app makes is answered here through `services`, so the app reaches its own server
 * only, through this site, and nothing else.
 */
export function createAppHost(services: AppHostServices, hostContext: McpUiHostContext): AppBridge {
  const bridge = new AppBridge(
    null,
    { name: "A2A Chat", version: "1.0.0" },
    {
      openLinks: {},
      serverTools: {},
      serverResources: {},
      logging: {},
      updateModelContext: { text: {} },
      message: { text: {} },
      sandbox: {},
    },
    { hostContext },
  );
  let tools: Promise<Tool[]> | undefined;
  let displayMode: McpUiDisplayMode = hostContext.displayMode ?? "inline";

  bridge.oncalltool = async ({ name, arguments: args }) => {
    tools ??= services.listTools().catch((error: unknown) => {
      tools = undefined;
      throw error;
    });
    const tool = (await tools).find((t) => t.name === name);
    // Only this server's tools, and only those whose visibility includes "app".
    if (!tool || !isAppCallableTool(tool)) return errorResult(appHostMessages.toolNotAllowed(name));
    return services.callTool(name, args ?? {});
  };
  bridge.onreadresource = ({ uri }) => services.readResource(uri);
  bridge.onopenlink = async ({ url }) => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return { isError: true };
    }
    if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return { isError: true };
    return (await services.confirmOpenLink(parsed)) ? {} : { isError: true };
  };
  bridge.onmessage = async ({ content }) => {
    const text = contentText(content);
    if (!services.sendMessage || text.trim() === "") return { isError: true };
    await services.sendMessage(text);
    return {};
  };
  bridge.onupdatemodelcontext = async (params) => {
    const structured =
      params.structuredContent === undefined ? "" : JSON.stringify(params.structuredContent);
    services.updateModelContext(
      [contentText(params.content), structured].filter(Boolean).join("\n"),
    );
    return {};
  };
  bridge.onsizechange = (size) => services.onSizeChange(size);
  bridge.onrequestdisplaymode = async ({ mode }) => {
    const declared = bridge.getAppCapabilities()?.availableDisplayModes;
    const allowed = hostDisplayModes.includes(mode) && (!declared || declared.includes(mode));
    if (allowed && mode !== displayMode) {
      displayMode = mode;
      services.onDisplayModeChange(mode);
      await bridge.sendHostContextChange({ displayMode: mode });
    }
    return { mode: displayMode };
  };
  bridge.onloggingmessage = () => undefined;
  return bridge;
}
