import { externalMcpPath } from "@a2a-chat/contracts";
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from "react";
import { useShallow } from "zustand/react/shallow";
import { useAccountModal } from "../accounts/account-modal-store.js";
import type { ServerTool } from "../api/list-server-tools.js";
import { removeUserServer, setUserServerAgents } from "../api/user-servers-api.js";
import { useAgentsStore } from "../stores/agents-store.js";
import { useAuthStore } from "../stores/auth-store.js";
import { useStreamStore } from "../stores/stream-store.js";
import { type ShownToolServer, toolsAuthKey, toolsOfServer } from "../stores/tools-reducers.js";
import { useToolsStore } from "../stores/tools-store.js";
import { RefreshIcon } from "./RefreshIcon.js";
import { ToolRuns } from "./ToolRuns.js";
import { ToolServerItem } from "./ToolServerItem.js";

const CredentialsDialog = lazy(() =>
  import("../credentials/CredentialsDialog.js").then((m) => ({ default: m.CredentialsDialog })),
);
const ConnectionDoctorDialog = lazy(() =>
  import("../credentials/ConnectionDoctorDialog.js").then((m) => ({
    default: m.ConnectionDoctorDialog,
  })),
);
// The add-server dialog and its credential fields load when it is first opened.
const AddToolServerDialog = lazy(() =>
  import("./AddToolServerDialog.js").then((m) => ({ default: m.AddToolServerDialog })),
);

// The parameter form, its compiler, the validator and the runner load when a tool is picked.
const ToolFormModal = lazy(() => import("./forms/ToolFormModal.js"));

/** Texts of the right column (tools spec §2, §8). */
export const toolsPanelTexts = {
  heading: "Tools",
  loading: "Loading tools...",
  empty: "No MCP servers running. Start MCP servers to see tools.",
  refresh: "Refresh tools",
  addServer: "Add server",
} as const;

/**
 * The right column: the tool servers the user may see, each with its tools. Loads once for each
 * user (the permitted servers follow the user's scopes); Refresh loads again.
 */
export function ToolsPanel() {
  const { servers, tools, listings, loading, error, load, listServer, ensureLoaded, updateServer } =
    useToolsStore(
      useShallow((s) => ({
        updateServer: s.updateServer,
        servers: s.servers,
        tools: s.tools,
        listings: s.listings,
        loading: s.loading,
        error: s.error,
        load: s.load,
        listServer: s.listServer,
        ensureLoaded: s.ensureLoaded,
      })),
    );
  const authKey = useAuthStore(toolsAuthKey);
  // The agents a server the user added can be lent to: this site's (not ones added by URL).
  const agents = useAgentsStore((s) => s.agents);
  const siteAgents = useMemo(
    () =>
      agents
        .filter((agent) => !agent.external)
        .map((agent) => ({ name: agent.name, displayName: agent.displayName })),
    [agents],
  );
  // A greyed server opens the passkey sign-in modal naming it; once signed in, the user changes
  // and the registry loads again with the servers the new scopes permit.
  const requireLogin = (shown: ShownToolServer) =>
    useAccountModal.getState().openSignIn({ agentName: shown.server.name });
  const [picked, setPicked] = useState<{ tool: ServerTool; shown: ShownToolServer } | null>(null);
  const headingId = useId();
  const [adding, setAdding] = useState(false);
  const [connectionOf, setConnectionOf] = useState<ShownToolServer | null>(null);
  const [doctorOf, setDoctorOf] = useState<ShownToolServer | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const remove = async (shown: ShownToolServer) => {
    const id = shown.server.userServerId;
    if (!id) return;
    setActionError(null);
    try {
      await removeUserServer(id);
      await load();
    } catch (error) {
      setActionError(error instanceof Error ? error.message : String(error));
    }
  };

  const setAgentUse = async (shown: ShownToolServer, agents: "all" | string[]) => {
    const id = shown.server.userServerId;
    if (!id) return;
    setActionError(null);
    // Shown at once; put back if the server did not save it.
    const before = { agentUse: shown.server.agentUse, agents: shown.server.agents };
    updateServer(shown.server.name, { agentUse: agents.length > 0, agents });
    try {
      const saved = await setUserServerAgents(id, agents);
      updateServer(shown.server.name, { agentUse: saved.agent_use, agents: saved.agents });
    } catch (error) {
      updateServer(shown.server.name, before);
      setActionError(error instanceof Error ? error.message : String(error));
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the user is the trigger; the store reads it.
  useEffect(() => {
    void ensureLoaded();
  }, [ensureLoaded, authKey]);

  // Back after an outage (the live stream failed, then connected again): what was listed while
  // the server was down is stale, so the list is loaded again.
  // The stream passes through 'connecting' on its way back, so any failure since the last
  // connection counts, not only the status just before.
  const streamStatus = useStreamStore((s) => s.status);
  const failedSinceConnected = useRef(false);
  useEffect(() => {
    if (streamStatus === "error") failedSinceConnected.current = true;
    if (streamStatus !== "connected" || !failedSinceConnected.current) return;
    failedSinceConnected.current = false;
    void load();
  }, [streamStatus, load]);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      {/* In a narrow column the buttons move under the heading; their labels never break. */}
      <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
        <h2
          id={headingId}
          className="text-xs font-semibold uppercase tracking-wider text-neutral-400"
        >
          {toolsPanelTexts.heading}
        </h2>
        <span className="flex items-center gap-1">
          <button
            type="button"
            onClick={() => setAdding(true)}
            className="whitespace-nowrap rounded px-1.5 py-0.5 text-xs text-neutral-400 transition-colors duration-150 hover:bg-surface-raised hover:text-neutral-100"
          >
            {toolsPanelTexts.addServer}
          </button>
          <button
            type="button"
            onClick={() => void load()}
            disabled={loading}
            aria-label={toolsPanelTexts.refresh}
            title={toolsPanelTexts.refresh}
            className="rounded p-1 text-neutral-400 transition-colors duration-150 hover:bg-surface-raised hover:text-neutral-100 disabled:opacity-50"
          >
            <RefreshIcon spinning={loading} />
          </button>
        </span>
      </div>
      {actionError ? (
        <p role="alert" className="text-xs text-red-300">
          {actionError}
        </p>
      ) : null}
      {loading ? (
        <p role="status" className="text-sm text-neutral-400">
          {toolsPanelTexts.loading}
        </p>
      ) : null}
      {error ? (
        <p
          role="alert"
          className="rounded-md border border-red-500/30 bg-red-500/10 p-2 text-xs text-red-300"
        >
          {error}
        </p>
      ) : null}
      {!loading && !error && servers.length === 0 ? (
        <p className="text-sm text-neutral-400">{toolsPanelTexts.empty}</p>
      ) : null}
      {servers.length > 0 ? (
        <ul aria-label="Tool servers" className="space-y-2">
          {servers.map((shown) => (
            <ToolServerItem
              key={shown.server.name}
              shown={shown}
              tools={toolsOfServer(tools, shown.server)}
              onRequireLogin={requireLogin}
              listing={listings[shown.server.name]}
              onOpen={(opened) => void listServer(opened.server.name)}
              onPickTool={(tool, owner) => setPicked({ tool, shown: owner })}
              onRemove={shown.server.userServerId ? (owned) => void remove(owned) : undefined}
              onConnection={shown.server.userServerId ? setConnectionOf : undefined}
              onDoctor={shown.server.userServerId ? setDoctorOf : undefined}
              siteAgents={siteAgents}
              onAgentUse={
                shown.server.userServerId
                  ? (owned, agents) => void setAgentUse(owned, agents)
                  : undefined
              }
            />
          ))}
        </ul>
      ) : null}
      <ToolRuns />
      {connectionOf?.server.userServerId ? (
        <Suspense fallback={null}>
          <CredentialsDialog
            name={connectionOf.server.name}
            base={`${externalMcpPath}/${connectionOf.server.userServerId}`}
            storedKind={connectionOf.server.credentialsKind}
            allowOAuth
            onClose={() => setConnectionOf(null)}
            onSaved={() => void load()}
          />
        </Suspense>
      ) : null}
      {doctorOf?.server.userServerId ? (
        <Suspense fallback={null}>
          <ConnectionDoctorDialog
            name={doctorOf.server.name}
            base={`${externalMcpPath}/${doctorOf.server.userServerId}`}
            onClose={() => setDoctorOf(null)}
          />
        </Suspense>
      ) : null}
      {adding ? (
        <Suspense fallback={null}>
          <AddToolServerDialog
            open
            onClose={() => setAdding(false)}
            onAdded={() => {
              setAdding(false);
              void load();
            }}
          />
        </Suspense>
      ) : null}
      {picked ? (
        <Suspense fallback={<p className="text-xs text-neutral-400">Loading form...</p>}>
          <ToolFormModal
            tool={picked.tool}
            server={picked.shown.server}
            onClose={() => setPicked(null)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
