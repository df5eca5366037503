import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { readStorage, removeStorage, storageKeys, writeStorage } from "../lib/storage.js";

/** The three views of the main area (core spec §2), in display order. */
export const activeViews = ["conversation", "tasks", "artifacts"] as const;

/** Which view the main area shows. */
export type ActiveView = (typeof activeViews)[number];

/** The persisted settings (core spec §3): debug mode and the chosen view. */
export interface Settings {
  /** Shows internal artifacts (core spec §6). */
  debugMode: boolean;
  activeView: ActiveView;
}

interface SettingsActions {
  setDebugMode: (debugMode: boolean) => void;
  toggleDebugMode: () => void;
  setActiveView: (view: ActiveView) => void;
}

/** The settings store: the settings plus their setters. */
export type SettingsState = Settings & SettingsActions;

/** Settings of a first visit. */
export const defaultSettings: Settings = { debugMode: false, activeView: "conversation" };

/** Whether a value names one of the three views. */
export function isActiveView(value: unknown): value is ActiveView {
  return typeof value === "string" && (activeViews as readonly string[]).includes(value);
}

function pickSettings(state: Settings): Settings {
  return { debugMode: state.debugMode, activeView: state.activeView };
}

// Each stored field is checked on its own: one bad value (old version, hand-edited) must not
// throw away the other.
function mergeStored(stored: unknown, current: SettingsState): SettingsState {
  if (!stored || typeof stored !== "object") return current;
  const value = stored as Record<string, unknown>;
  return {
    ...current,
    debugMode: typeof value.debugMode === "boolean" ? value.debugMode : current.debugMode,
    activeView: isActiveView(value.activeView) ? value.activeView : current.activeView,
  };
}

/** The settings store, persisted under the settings key; storage failures are swallowed. */
export const useSettingsStore = create<SettingsState>()(
  persist(
    (set) => ({
      ...defaultSettings,
      setDebugMode: (debugMode) => set({ debugMode }),
      toggleDebugMode: () => set((state) => ({ debugMode: !state.debugMode })),
      setActiveView: (activeView) => {
        if (isActiveView(activeView)) set({ activeView });
      },
    }),
    {
      name: storageKeys.settings,
      storage: createJSONStorage(() => ({
        getItem: readStorage,
        setItem: writeStorage,
        removeItem: removeStorage,
      })),
      partialize: (state: SettingsState) => pickSettings(state),
      merge: mergeStored,
    },
  ),
);
