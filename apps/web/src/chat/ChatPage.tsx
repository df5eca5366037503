import { Link } from "react-router";
import { Logo } from "../app/Logo.js";
import { UserButton } from "../auth/UserButton.js";
import { ServerStatus } from "./ServerStatus.js";
import { useServerHealth } from "./useServerHealth.js";

/** The chat application at /chat: header and the three-column shell the chat will fill. */
export function ChatPage() {
  const health = useServerHealth();
  return (
    <div className="flex h-full flex-col">
      <header className="flex h-12 items-center justify-between border-b border-border px-4">
        <Link to="/" aria-label="A2A Chat home" className="flex items-center">
          <Logo />
        </Link>
        <div className="flex items-center gap-4">
          <ServerStatus state={health} />
          <UserButton />
        </div>
      </header>
      <div className="mx-auto grid w-full max-w-[1600px] flex-1 grid-cols-1 md:grid-cols-[25%_1fr_20%] lg:grid-cols-[minmax(240px,20%)_1fr_minmax(200px,15%)]">
        <aside aria-label="Agents" className="hidden border-r border-border p-4 md:block">
          <h2 className="text-xs font-semibold uppercase tracking-wider text-neutral-400">
            Agents
          </h2>
        </aside>
        <main className="flex flex-col items-center justify-center gap-3 p-6 text-center">
          <h1 className="text-2xl font-semibold">Conversation</h1>
          <p className="max-w-md text-neutral-400">
            Agents, conversations and tools appear here once they are connected to this server.
          </p>
        </main>
        <aside aria-label="Tools" className="hidden border-l border-border p-4 md:block">
          <h2 className="text-xs font-semibold uppercase tracking-wider text-neutral-400">Tools</h2>
        </aside>
      </div>
    </div>
  );
}
