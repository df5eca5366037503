import type { HealthState } from "./useServerHealth.js";

/** Whether the server answers and on what storage; narrower than 1280px, the dot and "Server". */
export function ServerStatus({ state }: { state: HealthState }) {
  if (state.kind === "loading") {
    return (
      <p role="status" className="truncate text-sm text-neutral-400">
        Connecting to server...
      </p>
    );
  }
  if (state.kind === "error") {
    return (
      <p role="alert" className="max-w-64 truncate text-sm text-red-400" title={state.message}>
        Server unreachable: {state.message}
      </p>
    );
  }
  const { version, database } = state.health;
  return (
    <p
      role="status"
      className="flex items-center gap-2 whitespace-nowrap text-sm text-neutral-400"
      title={`Database schema ${database.migration ?? "empty"}`}
    >
      <span className="size-2 rounded-full bg-green-500" aria-hidden="true" />
      <span aria-hidden="true" className="xl:hidden">
        Server
      </span>
      <span className="sr-only xl:not-sr-only">
        Server {version} online · {database.dialect}
      </span>
    </p>
  );
}
