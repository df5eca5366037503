import { externalAgentsPath } from "@a2a-chat/contracts";
import { lazy, Suspense, useState } from "react";
import { useShallow } from "zustand/react/shallow";
import { useAccountModal } from "../accounts/account-modal-store.js";
import { type AgentAccess, agentAccess } from "../api/agent-access.js";
import type { Agent } from "../api/agent-types.js";
import { externalAgentId } from "../api/agents-api.js";
import { useAgentsStore } from "../stores/agents-store.js";
import { useAuthStore } from "../stores/auth-store.js";
import { AgentCard } from "./AgentCard.js";
import { useCredentialsDialog } from "./credentials-dialog-store.js";

// The details dialog loads when first opened (it is not needed to start the chat).
const AgentDetailsDialog = lazy(() =>
  import("./AgentDetailsDialog.js").then((m) => ({ default: m.AgentDetailsDialog })),
);

// The connection doctor of an added agent loads when first opened from its card.
const ConnectionDoctorDialog = lazy(() =>
  import("../credentials/ConnectionDoctorDialog.js").then((m) => ({
    default: m.ConnectionDoctorDialog,
  })),
);

/** Empty-list texts (core spec §2.7). */
export const agentListTexts = {
  discovering: "Discovering agents...",
  noneAccessible: "No accessible agents",
  none: "No agents available",
} as const;

/** Props of AgentList. */
export interface AgentListProps {
  /** The narrow variant (drawer, header picker). */
  compact?: boolean;
  /** Called after the user picked an agent (a drawer closes itself, for example). */
  onSelected?: (agent: Agent) => void;
}

/** The agents the user may see, each a card; opens details and the sign-in prompt. */
export function AgentList({ compact = false, onSelected }: AgentListProps) {
  const { agents, selectedAgentUrl, loading, selectAgent, removeAgent } = useAgentsStore(
    useShallow((s) => ({
      agents: s.agents,
      selectedAgentUrl: s.selectedAgentUrl,
      loading: s.loading,
      selectAgent: s.selectAgent,
      removeAgent: s.removeAgent,
    })),
  );
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const scopes = useAuthStore((s) => s.scopes);
  const [detailsUrl, setDetailsUrl] = useState<string | null>(null);
  const [doctorOf, setDoctorOf] = useState<Agent | null>(null);
  const openCredentials = useCredentialsDialog((s) => s.open);

  const shown = agents.flatMap((agent) => {
    const access = agentAccess(agent, { isAuthenticated, scopes });
    return access === "hidden" ? [] : [{ agent, access: access as Exclude<AgentAccess, "hidden"> }];
  });
  const details = agents.find((agent) => agent.url === detailsUrl) ?? null;

  const select = (agent: Agent) => {
    selectAgent(agent.url);
    onSelected?.(agent);
  };

  // A greyed agent is picked (the visitor sees what it is and may write to it: a send opens
  // sign-in again and goes out after it) and the sign-in modal opens naming it. Once signed in
  // without the scopes it needs, the default agent is picked again.
  const requireLogin = (agent: Agent) => {
    select(agent);
    useAccountModal.getState().openSignIn({
      agentName: agent.displayName,
      onSignedIn: () => {
        const state = useAgentsStore.getState();
        if (agentAccess(agent, useAuthStore.getState()) === "open") return;
        const fallback = state.agents.find(
          (a) => a.isDefault && agentAccess(a, useAuthStore.getState()) === "open",
        );
        if (state.selectedAgentUrl === agent.url && fallback) state.selectAgent(fallback.url);
      },
    });
  };

  // An added agent that asks for its own credentials: picked, and its credentials dialog opens.
  const requireCredentials = (agent: Agent) => {
    select(agent);
    openCredentials(agent.url);
  };

  return (
    <>
      {shown.length === 0 ? (
        <p className="px-3 py-6 text-center text-sm text-neutral-400">
          {loading
            ? agentListTexts.discovering
            : agents.length > 0
              ? agentListTexts.noneAccessible
              : agentListTexts.none}
        </p>
      ) : (
        <ul aria-label="Agents" className={compact ? "space-y-1" : "space-y-2"}>
          {shown.map(({ agent, access }) => (
            <AgentCard
              key={agent.url}
              agent={agent}
              access={access}
              selected={agent.url === selectedAgentUrl}
              compact={compact}
              userScopes={scopes}
              onSelect={select}
              onRequireLogin={requireLogin}
              onRequireCredentials={requireCredentials}
              onShowDetails={(a) => setDetailsUrl(a.url)}
              onRemove={(a) => removeAgent(a.url)}
              onConnection={(a) => openCredentials(a.url)}
              onDoctor={setDoctorOf}
            />
          ))}
        </ul>
      )}
      {details ? (
        <Suspense fallback={null}>
          <AgentDetailsDialog agent={details} onClose={() => setDetailsUrl(null)} />
        </Suspense>
      ) : null}
      {doctorOf ? (
        <Suspense fallback={null}>
          <ConnectionDoctorDialog
            name={doctorOf.displayName}
            base={`${externalAgentsPath}/${externalAgentId(doctorOf.url) ?? ""}`}
            onClose={() => setDoctorOf(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
