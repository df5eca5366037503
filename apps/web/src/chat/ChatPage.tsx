import { Link } from "react-router";
import { Logo } from "../app/Logo.js";
import { UserButton } from "../auth/UserButton.js";
import { useContextStream } from "../stream/useContextStream.js";
import { ConversationsDropdown } from "./ConversationsDropdown.js";
import { ConversationView } from "./ConversationView.js";
import { ServerStatus } from "./ServerStatus.js";
import { StreamStatus } from "./StreamStatus.js";
import { useServerHealth } from "./useServerHealth.js";

/** The chat application at /chat: header, live stream and the three-column shell. */
export function ChatPage() {
  const health = useServerHealth();
  useContextStream();
  return (
    <div className="flex h-full flex-col">
      <header className="flex h-12 items-center justify-between gap-2 border-b border-border px-2 sm:gap-4 sm:px-4">
        <div className="flex min-w-0 items-center gap-2 sm:gap-4">
          <Link to="/" aria-label="A2A Chat home" className="flex shrink-0 items-center">
            <Logo compact />
          </Link>
          <ConversationsDropdown />
        </div>
        <div className="flex shrink-0 items-center gap-2 sm:gap-4">
          <StreamStatus />
          <ServerStatus state={health} />
          <UserButton />
        </div>
      </header>
      <div className="mx-auto grid min-h-0 w-full max-w-[1600px] flex-1 grid-cols-1 md:grid-cols-[25%_1fr_20%] lg:grid-cols-[minmax(240px,20%)_1fr_minmax(200px,15%)]">
        <aside aria-label="Agents" className="hidden border-r border-border p-4 md:block">
          <h2 className="text-xs font-semibold uppercase tracking-wider text-neutral-400">
            Agents
          </h2>
        </aside>
        <main className="flex min-h-0 flex-col">
          <ConversationView />
        </main>
        <aside aria-label="Tools" className="hidden border-l border-border p-4 md:block">
          <h2 className="text-xs font-semibold uppercase tracking-wider text-neutral-400">Tools</h2>
        </aside>
      </div>
    </div>
  );
}
