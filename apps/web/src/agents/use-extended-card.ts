import { useEffect, useState } from "react";
import type { Agent } from "../api/agent-types.js";
import { type ExtendedCard, fetchExtendedCard } from "../api/extended-card-api.js";
import { useAuthStore } from "../stores/auth-store.js";

/** The extended card of the agent shown, or why it could not be had. */
export type ExtendedCardState =
  | { state: "none" }
  | { state: "loading" }
  | { state: "loaded"; card: ExtendedCard }
  | { state: "failed"; message: string };

/**
 * The agent's authenticated extended card, asked for each time its details open when its card
 * offers one and there is a session (it may list more for the signed-in user; of our agents, only
 * a passkey account's is asked for).
 */
export function useExtendedCard(agent: Agent | null): ExtendedCardState {
  const [state, setState] = useState<ExtendedCardState>({ state: "none" });
  const token = useAuthStore((s) => s.accessToken);
  const signedIn = useAuthStore((s) => s.userType === "authenticated");
  // Ours give a visitor their public card: asking would only repeat it. An added agent's answer
  // depends on the credentials stored for it, whoever asks.
  const wanted = agent?.extendedCard && token && (agent.external || signedIn) ? agent : null;
  useEffect(() => {
    if (!wanted) {
      setState({ state: "none" });
      return;
    }
    let current = true;
    setState({ state: "loading" });
    fetchExtendedCard(wanted)
      .then((card) => {
        if (current) setState({ state: "loaded", card });
      })
      .catch((error: unknown) => {
        if (current)
          setState({ state: "failed", message: error instanceof Error ? error.message : "" });
      });
    return () => {
      current = false;
    };
  }, [wanted]);
  return state;
}
