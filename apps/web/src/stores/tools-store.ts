import { create } from "zustand";
import {
  type ListServerToolsOptions,
  listServerTools,
  type ServerTool,
} from "../api/list-server-tools.js";
import { fetchMcpRegistry, type ToolServer } from "../api/mcp-registry-api.js";
import { fetchUserServers } from "../api/user-servers-api.js";
import { logger } from "../lib/logger.js";
import { useAuthStore } from "./auth-store.js";
import { selectKnownContextId } from "./contexts-selectors.js";
import { useContextsStore } from "./contexts-store.js";
import { registerStoreReset } from "./reset.js";
import {
  collectListings,
  permittedServers,
  registryErrorMessage,
  type ServerListing,
  type ShownToolServer,
  toolsAuthKey,
} from "./tools-reducers.js";

/** The tool servers and their tools (tools spec §2 right column, §4 tool registry load). */
export interface ToolsState {
  /** The servers the user may see, registry order; greyed ones carry access 'login'. */
  servers: ShownToolServer[];
  /** Every tool of the listed servers. */
  tools: ServerTool[];
  loading: boolean;
  error: string | null;
  /** Who the last load was for (toolsAuthKey); null before the first load. */
  loadedFor: string | null;
  /** How far listing each server's tools got, by server name (absent: not asked yet). */
  listings: Record<string, "loading" | "loaded" | "error">;
  /**
   * Loads the registry and lists each permitted server's tools (tools spec §4, §7); a server
   * that cannot be reached or listed is logged and left out. A call during a load joins it.
   */
  load: () => Promise<void>;
  /**
   * Lists one open server's tools over MCP, once (the first time its list is opened): the MCP
   * client loads only then, which keeps it out of the script the chat needs to start.
   */
  listServer: (name: string) => Promise<void>;
  /** Lists one server's tools again (the server said its list changed), keeping the old meanwhile. */
  relistServer: (name: string) => Promise<void>;
  /** Changes what is known of one listed server (its agent use, once the server saved it). */
  updateServer: (name: string, changes: Partial<ToolServer>) => void;
  /** Loads unless the last load was for the current user. */
  ensureLoaded: () => Promise<void>;
  reset: () => void;
}

/** What a load calls; replaceable in tests. */
export interface ToolsDependencies {
  fetchRegistry: () => Promise<ToolServer[]>;
  listTools: (options: ListServerToolsOptions) => Promise<ServerTool[]>;
}

/** The registry's servers, then the ones the user added (none when those cannot be read). */
async function registryAndUserServers(): Promise<ToolServer[]> {
  const [registry, added] = await Promise.all([
    fetchMcpRegistry(),
    fetchUserServers().catch((error: unknown) => {
      logger.warn("Loading the MCP servers you added failed", error);
      return [];
    }),
  ]);
  return [...registry, ...added];
}

let listToolsNow: ToolsDependencies["listTools"] = listServerTools;

/**
 * Lists servers' tools with `listTools` from now on. The app passes the agent worker's at start:
 * the MCP client runs there, so it is not part of /chat's start-up script.
 */
export function listToolsWith(listTools: ToolsDependencies["listTools"]): void {
  listToolsNow = listTools;
}

const defaults: ToolsDependencies = {
  fetchRegistry: registryAndUserServers,
  listTools: (options) => listToolsNow(options),
};

const initialState = {
  servers: [] as ShownToolServer[],
  tools: [] as ServerTool[],
  loading: false,
  error: null as string | null,
  loadedFor: null as string | null,
  listings: {} as ToolsState["listings"],
};

function currentAuthKey(): string {
  return toolsAuthKey(useAuthStore.getState());
}

async function listOne(
  shown: ShownToolServer,
  deps: ToolsDependencies,
  token: string | null,
  contextId: string | null,
): Promise<ServerListing> {
  // Greyed servers are not contacted: their tools need a user who has signed in.
  if (shown.access === "login") return { shown, tools: [] };
  try {
    return { shown, tools: await deps.listTools({ server: shown.server, token, contextId }) };
  } catch (error) {
    logger.warn(`Skipping MCP server ${shown.server.name}: it could not be listed`, error);
    return { shown, tools: null };
  }
}

/** Creates a tools store over the given dependencies (the app uses useToolsStore). */
export function createToolsStore(deps: ToolsDependencies = defaults) {
  // The in-progress guard of tools spec §4; the epoch drops a load that a reset overtook.
  let inFlight: Promise<void> | null = null;
  let epoch = 0;

  return create<ToolsState>()((set, get) => ({
    ...initialState,

    load: () => {
      if (inFlight) return inFlight;
      const startedIn = epoch;
      const stale = () => startedIn !== epoch;
      set({ loading: true, error: null, loadedFor: currentAuthKey() });
      inFlight = (async () => {
        try {
          const registry = await deps.fetchRegistry();
          const auth = useAuthStore.getState();
          const permitted = permittedServers(registry, auth);
          const contextId = selectKnownContextId(useContextsStore.getState());
          // Tools spec §7: each permitted server is listed; one that cannot be is skipped.
          const listings = await Promise.all(
            permitted.map((shown) => listOne(shown, deps, auth.accessToken, contextId)),
          );
          const { servers, tools } = collectListings(listings);
          const failed = new Set(
            listings.filter((l) => l.tools === null).map((l) => l.shown.server.name),
          );
          const listed = Object.fromEntries(
            servers
              .filter((shown) => shown.access === "open")
              .map((shown) => [
                shown.server.name,
                failed.has(shown.server.name) ? ("error" as const) : ("loaded" as const),
              ]),
          );
          if (!stale()) set({ servers, tools, listings: listed, error: null });
        } catch (error) {
          logger.warn("Loading the MCP registry failed", error);
          if (!stale()) set({ error: registryErrorMessage(error) });
        } finally {
          if (!stale()) {
            set({ loading: false });
            inFlight = null;
          }
        }
      })();
      return inFlight;
    },

    listServer: async (name) => {
      const shown = get().servers.find((s) => s.server.name === name);
      if (shown?.access !== "open" || get().listings[name]) return;
      set((state) => ({ listings: { ...state.listings, [name]: "loading" } }));
      await get().relistServer(name);
    },

    relistServer: async (name) => {
      const shown = get().servers.find((s) => s.server.name === name);
      if (shown?.access !== "open") return;
      const startedIn = epoch;
      const setListing = (status: "loading" | "loaded" | "error") =>
        set((state) => ({ listings: { ...state.listings, [name]: status } }));
      const auth = useAuthStore.getState();
      const contextId = selectKnownContextId(useContextsStore.getState());
      const listing = await listOne(shown, deps, auth.accessToken, contextId);
      if (startedIn !== epoch) return;
      const { tools } = collectListings([listing]);
      if (listing.tools === null) setListing("error");
      else {
        set((state) => ({
          tools: [...state.tools.filter((tool) => tool.serverName !== name), ...tools],
        }));
        setListing("loaded");
      }
    },

    updateServer: (name, changes) =>
      set((state) => ({
        servers: state.servers.map((shown) =>
          shown.server.name === name
            ? { ...shown, server: { ...shown.server, ...changes } }
            : shown,
        ),
      })),

    ensureLoaded: () => {
      if (get().loadedFor === currentAuthKey()) return inFlight ?? Promise.resolve();
      // A load for someone else (the user signed in meanwhile) finishes first; then it is our turn.
      if (inFlight) return inFlight.then(() => get().ensureLoaded());
      return get().load();
    },

    reset: () => {
      epoch += 1;
      inFlight = null;
      set(initialState);
    },
  }));
}

/** The tools store. */
export const useToolsStore = createToolsStore();

registerStoreReset(() => useToolsStore.getState().reset());
