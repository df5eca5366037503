import type { HealthState } from "./useServerHealth.js";

/** One line saying whether the server answers and on what storage. */
export function ServerStatus({ state }: { state: HealthState }) {
  if (state.kind === "loading") {
    return (
      <p role="status" className="text-sm text-neutral-400">
        Connecting to server...
      </p>
    );
  }
  if (state.kind === "error") {
    return (
      <p role="alert" className="text-sm text-red-400">
        Server unreachable: {state.message}
      </p>
    );
  }
  const { version, database } = state.health;
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-neutral-300">
      <span className="size-2 rounded-full bg-green-500" aria-hidden="true" />
      Server {version} online · {database.dialect} · schema {database.migration ?? "empty"}
    </p>
  );
}
