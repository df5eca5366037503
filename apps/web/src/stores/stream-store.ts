import { create } from "zustand";
import type { StreamStatus } from "../stream/stream-client.js";
import { registerStoreReset } from "./reset.js";

/** The live stream's connection status, for the UI. */
export interface StreamState {
  status: StreamStatus;
  setStatus: (status: StreamStatus) => void;
}

/** The live stream store: disconnected until the stream starts (core spec §4). */
export const useStreamStore = create<StreamState>()((set) => ({
  status: "disconnected",
  setStatus: (status) => set({ status }),
}));

registerStoreReset(() => useStreamStore.setState({ status: "disconnected" }));
