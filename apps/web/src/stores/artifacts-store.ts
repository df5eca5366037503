import { create } from "zustand";
import { toApiError } from "../lib/api-error.js";
import { fetchArtifacts } from "../lib/tasks-api.js";
import {
  type ArtifactChange,
  type ArtifactsData,
  initialArtifactsData,
  removeArtifactData,
  upsertArtifactData,
} from "./artifacts-reducers.js";
import { LoadGuard } from "./load-guard.js";
import { registerStoreReset } from "./reset.js";
import { settleChange } from "./store-change.js";

/** The artifact store (core spec §3): by id, all ids, by conversation, by task, loading and error. */
export interface ArtifactsState extends ArtifactsData {
  isLoading: boolean;
  error: string | null;
  /** Stores an artifact; invalid ones are skipped with a warning, older copies are ignored. */
  upsertArtifact: (artifact: unknown) => void;
  /** Forgets an artifact (one replaced by a newer artifact with the same fingerprint). */
  removeArtifact: (id: string) => void;
  /** Fetches the user's artifacts, newest first, into the store. */
  loadArtifacts: () => Promise<void>;
  clearError: () => void;
  /** Back to empty; replies still in flight are then dropped. */
  reset: () => void;
}

const initialState = { ...initialArtifactsData, isLoading: false, error: null };

const loads = new LoadGuard();

function settle(change: ArtifactChange, current: ArtifactsData): ArtifactsData {
  return settleChange(change, current, "Artifact");
}

/** The artifact store. */
export const useArtifactsStore = create<ArtifactsState>()((set) => ({
  ...initialState,

  upsertArtifact: (artifact) => set((state) => settle(upsertArtifactData(state, artifact), state)),

  removeArtifact: (id) => set((state) => settle(removeArtifactData(state, id), state)),

  loadArtifacts: async () => {
    const ticket = loads.begin();
    set({ isLoading: true, error: null });
    try {
      const artifacts = await fetchArtifacts();
      if (loads.isStale(ticket)) return;
      // One store update for the whole list, so the views re-render once.
      set((state) => ({
        ...artifacts.reduce<ArtifactsData>(
          (data, artifact) => settle(upsertArtifactData(data, artifact), data),
          state,
        ),
        ...(loads.isLatest(ticket) ? { isLoading: false } : {}),
      }));
    } catch (error) {
      if (loads.isStale(ticket) || !loads.isLatest(ticket)) return;
      set({ isLoading: false, error: toApiError(error).message });
    }
  },

  clearError: () => set({ error: null }),

  reset: () => {
    loads.reset();
    set(initialState);
  },
}));

registerStoreReset(() => useArtifactsStore.getState().reset());
