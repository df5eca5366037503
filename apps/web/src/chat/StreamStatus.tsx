import type { StreamStatus as Status } from "../api/stream-client.js";
import { useStreamStore } from "../stores/stream-store.js";

const dots: Record<Status, string> = {
  connected: "bg-green-500",
  connecting: "bg-yellow-400 animate-pulse",
  error: "bg-red-500",
  disconnected: "bg-neutral-500",
};

/** Clock time of the next attempt, US 2-digit hour, minute, second as elsewhere in the chat. */
function clockTime(at: number): string {
  return new Date(at).toLocaleTimeString("en-US", {
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
}

/**
 * A dot and the live stream's status (core spec §4: connecting, connected, error, disconnected).
 * While it waits to reconnect it says so, and the tooltip says when the next attempt is due.
 */
export function StreamStatus() {
  const status = useStreamStore((state) => state.status);
  const retryAt = useStreamStore((state) => state.retryAt);
  const waiting = retryAt !== null && status !== "connected" && status !== "connecting";
  const title = waiting
    ? `Live updates: ${status}, reconnecting at ${clockTime(retryAt)}`
    : `Live updates: ${status}`;
  return (
    <p
      className="flex items-center gap-2 whitespace-nowrap text-sm text-neutral-400"
      data-stream-status={status}
      title={title}
    >
      <span className={`size-2 rounded-full ${dots[status]}`} aria-hidden="true" />
      {/* Narrower than 1024px the word alone shows (the dot's colour tells the state). */}
      <span aria-hidden="true" className="lg:hidden">
        Live
      </span>
      <span className="sr-only lg:not-sr-only">
        Live {status}
        {waiting && " · reconnecting"}
      </span>
    </p>
  );
}
