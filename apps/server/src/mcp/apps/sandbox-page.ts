import { Hono } from "hono";
import type { AppEnv } from "../../http/env.js";

/**
 * The proxy's script. The page is framed by the chat with `sandbox="allow-scripts"`, so it runs
 * with an opaque origin, never this site's. It loads the app's HTML (policy already in its head)
 * into an inner frame with an opaque origin of its own, and relays JSON-RPC messages between the
 * chat (its parent) and the app, except the sandbox's own ui/notifications/sandbox-* messages.
 * Messages from any other window are dropped; the chat checks in turn that a message comes from
 * this frame.
 */
const proxyScript = `(() => {
  "use strict";
  const host = window.parent;
  const hostOrigin = new URL(location.href).origin;
  const sandboxMethod = (data) =>
    !!data && typeof data.method === "string" && data.method.startsWith("ui/notifications/sandbox-");
  let inner = null;
  function load(params) {
    if (inner || !params || typeof params.html !== "string") return;
    inner = document.createElement("iframe");
    inner.setAttribute("sandbox", "allow-scripts allow-forms");
    inner.setAttribute("title", "MCP App");
    if (typeof params.allow === "string") inner.setAttribute("allow", params.allow);
    inner.srcdoc = params.html;
    document.body.appendChild(inner);
  }
  window.addEventListener("message", (event) => {
    const data = event.data;
    if (event.source === host) {
      if (data && data.method === "ui/notifications/sandbox-resource-ready") load(data.params);
      else if (!sandboxMethod(data) && inner && inner.contentWindow)
        inner.contentWindow.postMessage(data, "*");
    } else if (inner && event.source === inner.contentWindow && !sandboxMethod(data)) {
      host.postMessage(data, hostOrigin);
    }
  });
  host.postMessage(
    { jsonrpc: "2.0", method: "ui/notifications/sandbox-proxy-ready", params: {} },
    hostOrigin,
  );
})();`;

const page = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>MCP App sandbox</title>
<style>html,body{margin:0;padding:0;height:100%;background:transparent;overflow:hidden}
iframe{border:0;width:100%;height:100%;display:block}</style></head>
<body><script>${proxyScript}</script></body></html>`;

/** GET /mcp-app-sandbox: the sandbox proxy page (docs/mcp.md, MCP Apps). */
export function appSandboxRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get("/", (c) => {
    // Its headers (framed by this site only, its own policy) are the security middleware's
    // "sandbox" set.
    c.header("Cache-Control", "no-cache");
    return c.html(page);
  });
  return routes;
}
