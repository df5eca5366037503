import { create } from "zustand";

/** The status shown on agents and tool servers while this server cannot be reached. */
export const unreachableStatus = "unknown (server unreachable)";

/**
 * Whether this server answers its health check (the header's 'Server unreachable'). While it
 * does not, nothing behind it is known to run: agents and tool servers show no green dot.
 */
export const useServerReachability = create<{ unreachable: boolean }>()(() => ({
  unreachable: false,
}));
