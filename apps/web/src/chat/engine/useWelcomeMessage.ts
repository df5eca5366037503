import { welcomeMessageText } from "@a2a-chat/contracts";
import { useEffect } from "react";
import type { Agent } from "../../api/agent-types.js";
import { withBrowserLock } from "../../lib/browser-lock.js";
import { readStorage, storageKeys, writeStorage } from "../../lib/storage.js";
import { selectHasValidToken } from "../../stores/auth-selectors.js";
import { useAuthStore } from "../../stores/auth-store.js";
import { loadingContextId } from "../../stores/contexts-reducers.js";
import { useContextsStore } from "../../stores/contexts-store.js";
import { sendMessage } from "./send-actions.js";

/** The greeting sent on a first visit, addressed to the product (core spec §4 First visit). */
export { welcomeMessageText };
/** The Web Lock under which a browser's tabs check and set the first-visit flag, one at a time. */
export const welcomeLockName = "a2a-chat:welcome";
/** Delay before the greeting is sent (core spec §9). */
export const welcomeDelayMs = 500;

/**
 * Sends the welcome message once per browser: when an agent, a current conversation and a valid
 * token exist and the first-visit flag is unset, the flag is set and the greeting goes out after
 * 500 ms. Tabs opened together check and set the flag one at a time, so only one greets. An agent that requires sign-in gets no greeting from a user who has not signed in.
 */
export function useWelcomeMessage(agent: Agent | null | undefined): void {
  const contextId = useContextsStore((state) => state.currentContextId);
  const hasToken = useAuthStore((state) => selectHasValidToken(state));
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);

  useEffect(() => {
    if (!agent || !hasToken || contextId === loadingContextId) return;
    if (agent.security.length > 0 && !isAuthenticated) return;
    if (readStorage(storageKeys.firstVisit) !== null) return;
    // Tabs opened together take turns: the first sets the flag, the others find it set.
    void withBrowserLock(welcomeLockName, async () => {
      if (readStorage(storageKeys.firstVisit) !== null) return;
      writeStorage(storageKeys.firstVisit, "true");
      // Not cleared on unmount: the flag is already set, so a cancelled timer would lose the
      // greeting for good (React's strict mode unmounts every effect once right away).
      setTimeout(() => {
        void sendMessage(agent, { text: welcomeMessageText, welcome: true });
      }, welcomeDelayMs);
    });
  }, [agent, hasToken, contextId, isAuthenticated]);
}
