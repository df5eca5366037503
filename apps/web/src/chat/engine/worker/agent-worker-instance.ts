import type { ListServerToolsOptions, ServerTool } from "../../../api/list-server-tools.js";
import { useAuthStore } from "../../../stores/auth-store.js";
import {
  type AgentWorkerConnection,
  connectAgentWorker,
  listToolsInWorker,
} from "./worker-agent-client.js";

let worker: AgentWorkerConnection | undefined;

/**
 * The page's one agent worker, started on first use: the A2A and MCP clients run there, off the
 * main thread, with the session token the auth store holds now (sent again on every change).
 */
export function agentWorker(): AgentWorkerConnection {
  if (!worker) {
    const started = new Worker(new URL("./agent-worker.ts", import.meta.url), {
      type: "module",
      name: "a2a-agent-client",
    });
    worker = connectAgentWorker(started, {
      readAuth: () => {
        const { accessToken, tokenExpiry } = useAuthStore.getState();
        return { token: accessToken, expiry: tokenExpiry };
      },
      onAuthChange: (listener) => {
        useAuthStore.subscribe(listener);
      },
    });
  }
  return worker;
}

/** Whether this environment can run the worker (browsers can; the unit tests' jsdom cannot). */
export function canUseAgentWorker(): boolean {
  return typeof Worker === "function";
}

/**
 * Lists a server's tools in the agent worker (its MCP client stays out of the page's start-up
 * script), or here where there are no workers.
 */
export async function listToolsOffThread(
  options: ListServerToolsOptions,
  inThread: (options: ListServerToolsOptions) => Promise<ServerTool[]>,
): Promise<ServerTool[]> {
  if (!canUseAgentWorker() || options.fetch) return inThread(options);
  const { server, token, contextId, timeoutMs } = options;
  return listToolsInWorker(agentWorker(), {
    server: { name: server.name, endpoint: server.endpoint, auth: server.auth },
    token,
    ...(contextId !== undefined ? { contextId } : {}),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
  });
}
