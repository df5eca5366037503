import { create } from "zustand";
import type { StreamStatus } from "../api/stream-client.js";
import { registerStoreReset } from "./reset.js";

/** The live stream's connection status, for the UI. */
export interface StreamState {
  status: StreamStatus;
  /** When the next reconnect attempt is due (epoch ms), or null when none waits. */
  retryAt: number | null;
  setStatus: (status: StreamStatus) => void;
  setRetryAt: (at: number | null) => void;
}

/** The live stream store: disconnected until the stream starts (core spec §4). */
export const useStreamStore = create<StreamState>()((set) => ({
  status: "disconnected",
  retryAt: null,
  setStatus: (status) => set({ status }),
  setRetryAt: (retryAt) => set({ retryAt }),
}));

registerStoreReset(() => useStreamStore.setState({ status: "disconnected", retryAt: null }));
