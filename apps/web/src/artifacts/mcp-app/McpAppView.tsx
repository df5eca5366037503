import { type McpAppMarker, mcpAppMarkerOf } from "@a2a-chat/contracts";
import {
  type McpUiDisplayMode,
  type McpUiHostContext,
  PostMessageTransport,
} from "@modelcontextprotocol/ext-apps/app-bridge";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { setAppModelContext } from "../../lib/app-model-context.js";
import { Button } from "../../lib/Button.js";
import { fetchExecutionRecord } from "../../tools/execution-record-api.js";
import type { ArtifactViewProps } from "../artifact-view-props.js";
import { appContentSecurityPolicy, withContentSecurityPolicy } from "./app-csp.js";
import { createAppHost, hostDisplayModes } from "./app-host.js";
import { type AppResource, appResourceOf } from "./app-resource.js";
import {
  callServerToolForApp,
  listServerToolsForApp,
  readServerResource,
} from "./app-server-api.js";

/** Where this site serves the sandbox proxy page (apps/server/src/mcp/apps/sandbox-page.ts). */
export const appSandboxUrl = "/mcp-app-sandbox";

/** The call an app shows: its arguments and its result, from the stored execution record. */
interface ShownCall {
  input: Record<string, unknown>;
  result: CallToolResult | undefined;
}

type Loaded =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; resource: AppResource; call: ShownCall };

const inlineMaxHeight = 800;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

async function loadApp(marker: McpAppMarker, executionId: string | undefined): Promise<Loaded> {
  const [read, record] = await Promise.all([
    readServerResource(marker.server_endpoint, marker.resource_uri),
    executionId ? fetchExecutionRecord(executionId) : Promise.resolve(undefined),
  ]);
  const output = record?.output;
  return {
    status: "ready",
    resource: appResourceOf(read, marker.resource_uri),
    call: {
      input: isRecord(record?.input) ? record.input : {},
      result:
        isRecord(output) && Array.isArray(output.content) ? (output as CallToolResult) : undefined,
    },
  };
}

/** Whether an element is on (or near) the screen; apps off the screen are torn down. */
function useOnScreen(element: HTMLElement | null): boolean {
  const [onScreen, setOnScreen] = useState(true);
  useEffect(() => {
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        const last = entries.at(-1);
        if (last) setOnScreen(last.isIntersecting);
      },
      { rootMargin: "200px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return onScreen;
}

function currentTheme(): "light" | "dark" {
  return document.documentElement.classList.contains("light") ? "light" : "dark";
}

interface AppFrameProps {
  marker: McpAppMarker;
  resource: AppResource;
  call: ShownCall;
  title: string;
  contextId: string;
  appKey: string;
  onSendMessage: ArtifactViewProps["onSendMessage"];
  /** Set when the app is to go (off the screen): it is told, then onTornDown removes it. */
  leaving: boolean;
  onTornDown: () => void;
}

/** The app in its sandbox (an opaque-origin proxy frame holding an opaque-origin app frame). */
function AppFrame({
  marker,
  resource,
  call,
  title,
  contextId,
  appKey,
  onSendMessage,
  leaving,
  onTornDown,
}: AppFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(320);
  const [mode, setMode] = useState<McpUiDisplayMode>("inline");
  const exitFullscreen = useRef<() => void>(() => undefined);
  const tearDown = useRef<() => Promise<void>>(async () => undefined);
  const sendMessage = useRef(onSendMessage);
  sendMessage.current = onSendMessage;

  useEffect(() => {
    const target = frame.current?.contentWindow;
    if (!target) return;
    const width = frame.current?.parentElement?.clientWidth;
    const hostContext: McpUiHostContext = {
      theme: currentTheme(),
      displayMode: "inline",
      availableDisplayModes: hostDisplayModes,
      containerDimensions: {
        maxHeight: inlineMaxHeight,
        ...(width ? { maxWidth: width } : {}),
      },
      locale: navigator.language,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      platform: "web",
      userAgent: "a2a-chat",
    };
    const bridge = createAppHost(
      {
        listTools: () => listServerToolsForApp(marker.server_endpoint),
        callTool: (name, args) => callServerToolForApp(marker.server_endpoint, name, args),
        readResource: (uri) => readServerResource(marker.server_endpoint, uri),
        confirmOpenLink: async (url) => {
          const open = window.confirm(
            `${marker.server_name} wants to open a page on ${url.hostname}:\n${url.href}\n\nOpen it?`,
          );
          if (open) window.open(url.href, "_blank", "noopener,noreferrer");
          return open;
        },
        sendMessage: (text) =>
          sendMessage.current ? sendMessage.current(text) : Promise.reject(new Error("no chat")),
        updateModelContext: (text) => setAppModelContext(contextId, appKey, text),
        onSizeChange: ({ height: next }) => {
          if (next !== undefined && next > 0) setHeight(Math.ceil(next));
        },
        onDisplayModeChange: setMode,
      },
      hostContext,
    );
    exitFullscreen.current = () => {
      setMode("inline");
      void bridge.sendHostContextChange({ displayMode: "inline" })?.catch(() => undefined);
    };
    bridge.onsandboxready = () => {
      const policy = appContentSecurityPolicy(resource.csp, window.location.origin);
      void bridge.sendSandboxResourceReady({
        html: withContentSecurityPolicy(resource.html, policy),
      });
    };
    bridge.oninitialized = () => {
      void bridge.sendToolInput({ arguments: call.input });
      if (call.result) void bridge.sendToolResult(call.result);
    };
    // Only messages whose source is this proxy frame reach the bridge; anything else posted to
    // this page (another app, another window) is ignored by the transport.
    void bridge.connect(new PostMessageTransport(target, target));
    // ui/resource-teardown, answered or not within half a second, before the frame goes.
    tearDown.current = () =>
      bridge
        .teardownResource({}, { timeout: 500 })
        .then(() => undefined)
        .catch(() => undefined);
    return () => {
      void bridge.close().catch(() => undefined);
    };
  }, [marker, resource, call, contextId, appKey]);

  useEffect(() => {
    if (!leaving) return;
    let live = true;
    void tearDown.current().finally(() => live && onTornDown());
    return () => {
      live = false;
    };
  }, [leaving, onTornDown]);

  const fullscreen = mode === "fullscreen";
  return (
    <div
      className={
        fullscreen
          ? "fixed inset-0 z-50 flex flex-col bg-background p-4"
          : `overflow-hidden rounded-lg ${resource.prefersBorder === false ? "" : "border border-border"}`
      }
    >
      {fullscreen ? (
        <div className="mb-2 flex justify-end">
          <Button variant="secondary" onClick={() => exitFullscreen.current()}>
            Exit full screen
          </Button>
        </div>
      ) : null}
      <iframe
        ref={frame}
        title={title}
        src={appSandboxUrl}
        // No allow-same-origin: the proxy and the app run with opaque origins, never this site's.
        sandbox="allow-scripts"
        referrerPolicy="no-referrer"
        className="block w-full border-0"
        style={fullscreen ? { flex: 1 } : { height: Math.min(height, inlineMaxHeight) }}
      />
    </div>
  );
}

/**
 * A tool result an MCP App shows (docs/mcp.md, MCP Apps): the app's ui:// resource read through
 * this site's MCP endpoint for its server, run in the sandbox with the stored call's arguments and
 * result. It is torn down while off the screen and started again when it comes back.
 */
export function McpAppView({ artifact, onSendMessage }: ArtifactViewProps) {
  const parsed = mcpAppMarkerOf(artifact.metadata);
  const endpoint = parsed?.server_endpoint;
  const uri = parsed?.resource_uri;
  const serverName = parsed?.server_name;
  // One marker object per app (the artifact object is rebuilt on every update): the frame's
  // bridge lives as long as it does.
  const marker = useMemo(
    () =>
      endpoint && uri && serverName
        ? { server_endpoint: endpoint, resource_uri: uri, server_name: serverName }
        : undefined,
    [endpoint, uri, serverName],
  );
  const executionId = artifact.metadata.mcp_execution_id;
  const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });
  const [box, setBox] = useState<HTMLElement | null>(null);
  const onScreen = useOnScreen(box);
  // Mounted while on the screen; off it, the app is told to tear down, then removed.
  const [mounted, setMounted] = useState(true);
  useEffect(() => {
    if (onScreen) setMounted(true);
  }, [onScreen]);
  const removeFrame = useCallback(() => setMounted(false), []);

  useEffect(() => {
    if (!marker) return;
    let live = true;
    loadApp(marker, typeof executionId === "string" ? executionId : undefined)
      .then((next) => live && setLoaded(next))
      .catch(
        (error: unknown) =>
          live &&
          setLoaded({
            status: "error",
            message: error instanceof Error ? error.message : String(error),
          }),
      );
    return () => {
      live = false;
    };
  }, [marker, executionId]);

  const toolName =
    typeof artifact.metadata.tool_name === "string" ? artifact.metadata.tool_name : "";
  const title = `${toolName || marker?.server_name || "MCP"} app`;
  return (
    <section ref={setBox} aria-label={title} className="min-w-0">
      {!marker || loaded.status === "error" ? (
        <p role="alert" className="rounded-lg border border-red-900 p-3 text-sm text-red-300">
          {loaded.status === "error" ? loaded.message : "This app cannot be shown"}
        </p>
      ) : loaded.status === "loading" ? (
        <p
          aria-busy="true"
          className="rounded-lg border border-border p-4 text-sm text-neutral-400"
        >
          Loading app...
        </p>
      ) : mounted ? (
        <AppFrame
          marker={marker}
          resource={loaded.resource}
          call={loaded.call}
          title={title}
          contextId={artifact.metadata.context_id}
          appKey={artifact.artifactId}
          onSendMessage={onSendMessage}
          leaving={!onScreen}
          onTornDown={removeFrame}
        />
      ) : (
        <div
          className="rounded-lg border border-border p-4 text-sm text-neutral-500"
          style={{ minHeight: 80 }}
        >
          {title} paused while off the screen
        </div>
      )}
    </section>
  );
}
