import { type McpRequest, mcpRequestEndedSchema, mcpRequestSchema } from "@a2a-chat/contracts";
import { create } from "zustand";
import { fetchPendingRequests } from "../api/mcp-requests-api.js";
import type { StreamHandlers } from "../api/stream-event.js";
import { logger } from "../lib/logger.js";
import { registerStoreReset } from "./reset.js";

/** What MCP servers asked the user during tool calls and is still waiting (oldest first). */
export interface McpRequestsState {
  requests: McpRequest[];
  /** A request announced on the stream, or listed: added once. */
  receive: (request: McpRequest) => void;
  /** A request answered (here or in another tab), timed out, or whose call ended. */
  remove: (id: string) => void;
  /** Reads the pending requests (a page opened after they were made). */
  load: () => Promise<void>;
  /** Requests the conversation shows in place (an agent's task waits on them): no dialog. */
  inline: readonly string[];
  /** The conversation shows (true) or stopped showing (false) this request in place. */
  showInline: (id: string, shown: boolean) => void;
  reset: () => void;
}

export const useMcpRequestsStore = create<McpRequestsState>()((set) => ({
  requests: [],
  receive: (request) =>
    set((state) =>
      request.status !== "pending" || state.requests.some((r) => r.id === request.id)
        ? state
        : { requests: [...state.requests, request] },
    ),
  remove: (id) => set((state) => ({ requests: state.requests.filter((r) => r.id !== id) })),
  load: async () => {
    try {
      const pending = await fetchPendingRequests();
      for (const request of pending) useMcpRequestsStore.getState().receive(request);
    } catch (error) {
      logger.warn(`Could not read pending MCP requests: ${String(error)}`);
    }
  },
  inline: [],
  showInline: (id, shown) =>
    set((state) =>
      shown === state.inline.includes(id)
        ? state
        : { inline: shown ? [...state.inline, id] : state.inline.filter((i) => i !== id) },
    ),
  reset: () => set({ requests: [], inline: [] }),
}));

registerStoreReset(() => useMcpRequestsStore.getState().reset());

/** The live stream's news of MCP requests. */
export const mcpRequestsStreamHandlers: Partial<StreamHandlers> = {
  mcp_request_created: (data) => {
    const parsed = mcpRequestSchema.safeParse(data);
    if (parsed.success) useMcpRequestsStore.getState().receive(parsed.data);
    else logger.warn("Ignored an invalid mcp_request_created event");
  },
  mcp_request_ended: (data) => {
    const parsed = mcpRequestEndedSchema.safeParse(data);
    if (parsed.success) useMcpRequestsStore.getState().remove(parsed.data.id);
  },
};
