import {
  selectCurrentConversation,
  selectIsLoadingConversations,
} from "../stores/contexts-selectors.js";
import { useContextsStore } from "../stores/contexts-store.js";
import { ConversationHeader } from "./ConversationHeader.js";
import { ErrorBanner } from "./ErrorBanner.js";

/** Core spec §2.1 loading banner while conversations load. */
export const loadingConversationsText = "Loading conversations...";

/** The centre column: the current conversation's header, banners and (later) its messages. */
export function ConversationView() {
  const current = useContextsStore(selectCurrentConversation);
  const loading = useContextsStore(selectIsLoadingConversations);
  const error = useContextsStore((state) => state.error);
  const clearError = useContextsStore((state) => state.clearError);
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {current && <ConversationHeader conversation={current} />}
      <div className="flex flex-col gap-3 px-6 pt-4 empty:hidden">
        {loading && (
          // aria-live rather than role="status": the header's server status is the page's status.
          <p aria-live="polite" className="text-sm text-neutral-400">
            {loadingConversationsText}
          </p>
        )}
        {error && <ErrorBanner message={error} onDismiss={clearError} />}
      </div>
      <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
        <p className="max-w-md text-neutral-400">
          Agents and tools appear here once they are connected to this server.
        </p>
      </div>
    </div>
  );
}
