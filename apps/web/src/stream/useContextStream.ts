import { useEffect } from "react";
import { StreamClient, type StreamTimers } from "../api/stream-client.js";
import type { StreamHandlers } from "../api/stream-event.js";
import { chatStreamHandlers } from "../chat/engine/chat-stream-handlers.js";
import type { FetchLike } from "../lib/api.js";
import { logger } from "../lib/logger.js";
import { artifactsStreamHandlers } from "../stores/artifacts-stream-handlers.js";
import { selectHasValidToken } from "../stores/auth-selectors.js";
import { useAuthStore } from "../stores/auth-store.js";
import { useBranchStore } from "../stores/branch-store.js";
import { useContextsStore } from "../stores/contexts-store.js";
import { mcpRequestsStreamHandlers } from "../stores/mcp-requests-store.js";
import { useStreamStore } from "../stores/stream-store.js";
import { tasksStreamHandlers } from "../stores/tasks-stream-handlers.js";
import { combineHandlers } from "./combine-handlers.js";

function currentToken(): string | null {
  const auth = useAuthStore.getState();
  return selectHasValidToken(auth) ? auth.accessToken : null;
}

const contextHandlers: Partial<StreamHandlers> = {
  snapshot: (data) => useContextsStore.getState().receiveSnapshot(data.contexts),
  context_created: (data) => useContextsStore.getState().receiveCreated(data),
  context_updated: (data) => useContextsStore.getState().receiveUpdated(data),
  context_deleted: (data) => useContextsStore.getState().receiveDeleted(data.context_id),
  context_stats: (data) => useContextsStore.getState().receiveStats(data),
  error: (data) => logger.warn(`Live stream error ${data.code}: ${data.message}`),
};

/** Every store that follows the live stream: conversations, tasks, artifacts, the chat. */
/** The branch each conversation shows (stores/branch-store.ts). */
const branchHandlers: Partial<StreamHandlers> = {
  snapshot: (data) => useBranchStore.getState().receiveAll(data.contexts),
  context_created: (data) => useBranchStore.getState().receive(data),
  context_updated: (data) => useBranchStore.getState().receive(data),
  context_stats: (data) => useBranchStore.getState().receive(data),
};

const streamHandlers = combineHandlers(
  contextHandlers,
  branchHandlers,
  tasksStreamHandlers,
  artifactsStreamHandlers,
  chatStreamHandlers,
  mcpRequestsStreamHandlers,
);

/**
 * Keeps the live state stream open while mounted (inside the auth gate): events go to the
 * conversations store, the connection status to the stream store. A different user gets a new
 * connection; a renewed token of the same user is picked up on the next reconnect.
 */
export function useContextStream(options: { fetchImpl?: FetchLike; timers?: StreamTimers } = {}) {
  const userId = useAuthStore((state) => state.userId);
  const { fetchImpl, timers } = options;

  useEffect(() => {
    if (!userId) return;
    const { setStatus, setRetryAt } = useStreamStore.getState();
    const client = new StreamClient({
      getToken: currentToken,
      handlers: streamHandlers,
      onStatus: setStatus,
      onRetryScheduled: setRetryAt,
      fetchImpl,
      timers,
    });
    client.connect();
    // Once the quick reconnects are spent the client tries only slowly; coming back online or to
    // the tab is a good moment to try at once (it resumes from the last event id, so nothing is
    // missed).
    const revive = () => {
      const status = client.getStatus();
      if (
        document.visibilityState === "visible" &&
        (status === "error" || status === "disconnected")
      ) {
        client.connect();
      }
    };
    window.addEventListener("online", revive);
    document.addEventListener("visibilitychange", revive);
    return () => {
      window.removeEventListener("online", revive);
      document.removeEventListener("visibilitychange", revive);
      client.close();
    };
  }, [userId, fetchImpl, timers]);
}
