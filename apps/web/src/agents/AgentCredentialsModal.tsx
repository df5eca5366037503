import { externalAgentsPath } from "@a2a-chat/contracts";
import { lazy, Suspense } from "react";
import { needsCredentials } from "../api/agent-access.js";
import { externalAgentId } from "../api/agents-api.js";
import { selectAgentByUrl, useAgentsStore } from "../stores/agents-store.js";
import { useCredentialsDialog } from "./credentials-dialog-store.js";

// The credentials and connection check of an added agent load when first opened.
const CredentialsDialog = lazy(() =>
  import("../credentials/CredentialsDialog.js").then((m) => ({ default: m.CredentialsDialog })),
);

/** What the dialog says while the agent asks for credentials none of which are stored. */
export const credentialsNeededText = (name: string, schemes: readonly string[]) =>
  `${name} asks you to sign in to it${schemes.length > 0 ? ` (${schemes.join(", ")})` : ""}. Save your credentials for it to send it messages.`;

/**
 * The credentials dialog of the agent added by URL that useCredentialsDialog names: its
 * credentials (write-only) and connection check. A save updates the agent in the list, so one
 * that needed credentials is usable at once.
 */
export function AgentCredentialsModal() {
  const agentUrl = useCredentialsDialog((state) => state.agentUrl);
  const close = useCredentialsDialog((state) => state.close);
  const agent = useAgentsStore((state) => (agentUrl ? selectAgentByUrl(state, agentUrl) : null));
  if (!agent) return null;
  return (
    <Suspense fallback={null}>
      <CredentialsDialog
        key={agent.url}
        name={agent.displayName}
        base={`${externalAgentsPath}/${externalAgentId(agent.url) ?? ""}`}
        storedKind={agent.credentialsKind}
        intro={
          needsCredentials(agent)
            ? credentialsNeededText(agent.displayName, Object.keys(agent.securitySchemes))
            : undefined
        }
        onSaved={(kind) => {
          if (kind !== "oauth") useAgentsStore.getState().setCredentialsKind(agent.url, kind);
        }}
        onClose={close}
      />
    </Suspense>
  );
}
