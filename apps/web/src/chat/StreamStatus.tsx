import { useStreamStore } from "../stores/stream-store.js";
import type { StreamStatus as Status } from "../stream/stream-client.js";

const dots: Record<Status, string> = {
  connected: "bg-green-500",
  connecting: "bg-yellow-400 animate-pulse",
  error: "bg-red-500",
  disconnected: "bg-neutral-500",
};

/** A dot and the live stream's status (tools spec §4: connecting, connected, error, disconnected). */
export function StreamStatus() {
  const status = useStreamStore((state) => state.status);
  return (
    <p
      className="flex items-center gap-2 whitespace-nowrap text-sm text-neutral-400"
      data-stream-status={status}
      title={`Live updates: ${status}`}
    >
      <span className={`size-2 rounded-full ${dots[status]}`} aria-hidden="true" />
      <span className="sr-only lg:not-sr-only">Live {status}</span>
    </p>
  );
}
