import { externalAgentsPath } from "@a2a-chat/contracts";
import { lazy, Suspense, useState } from "react";
import { needsCredentials } from "../api/agent-access.js";
import { externalAgentId } from "../api/agents-api.js";
import { selectAgentByUrl, useAgentsStore } from "../stores/agents-store.js";
import { CardSignInDialog } from "./CardSignInDialog.js";
import { useCredentialsDialog } from "./credentials-dialog-store.js";

// The credentials and connection check of an added agent load when first opened.
const CredentialsDialog = lazy(() =>
  import("../credentials/CredentialsDialog.js").then((m) => ({ default: m.CredentialsDialog })),
);

/** What the dialog says while the agent asks for credentials none of which are stored. */
export const credentialsNeededText = (name: string, schemes: readonly string[]) =>
  `${name} asks you to sign in to it${schemes.length > 0 ? ` (${schemes.join(", ")})` : ""}. Save your credentials for it to send it messages.`;

/**
 * The credentials dialog of the agent added by URL that useCredentialsDialog names: the sign-in
 * its card declares (CardSignInDialog) when it declares one, else (or on request) its
 * credentials typed by hand (write-only) and connection check. A save updates the agent in the
 * list, so one that needed credentials is usable at once.
 */
export function AgentCredentialsModal() {
  const agentUrl = useCredentialsDialog((state) => state.agentUrl);
  const onContinue = useCredentialsDialog((state) => state.onContinue);
  const close = useCredentialsDialog((state) => state.close);
  const agent = useAgentsStore((state) => (agentUrl ? selectAgentByUrl(state, agentUrl) : null));
  const [byHand, setByHand] = useState<string | null>(null);
  if (!agent) return null;
  const id = externalAgentId(agent.url) ?? "";
  const closeAll = () => {
    setByHand(null);
    close();
  };
  if (agent.signIn && agent.signIn.schemes.length > 0 && byHand !== agent.url)
    return (
      <CardSignInDialog
        key={agent.url}
        agentId={id}
        name={agent.displayName}
        signIn={agent.signIn}
        signedIn={!needsCredentials(agent) && agent.credentialsKind !== "none"}
        onSignedIn={(kind, scheme) =>
          useAgentsStore.getState().setCredentialsKind(agent.url, kind, scheme)
        }
        onByHand={() => setByHand(agent.url)}
        onContinue={
          onContinue
            ? () => {
                closeAll();
                onContinue();
              }
            : undefined
        }
        onClose={closeAll}
      />
    );
  // Basic and OAuth come from the card's sign-in: the hand-typed fields have no such kind.
  const kind = agent.credentialsKind;
  const storedKind = kind === "basic" || kind === "oauth" ? undefined : kind;
  return (
    <Suspense fallback={null}>
      <CredentialsDialog
        key={agent.url}
        name={agent.displayName}
        base={`${externalAgentsPath}/${id}`}
        storedKind={storedKind}
        intro={
          needsCredentials(agent)
            ? credentialsNeededText(agent.displayName, Object.keys(agent.securitySchemes))
            : undefined
        }
        onSaved={(kind) => {
          if (kind !== "oauth") useAgentsStore.getState().setCredentialsKind(agent.url, kind);
        }}
        onClose={closeAll}
      />
    </Suspense>
  );
}
