import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { storageKeys } from "../lib/storage.js";
import { defaultSettings, isActiveView, useSettingsStore } from "./settings-store.js";

function stored(): unknown {
  const raw = localStorage.getItem("settings-storage");
  return raw === null ? null : (JSON.parse(raw) as { state: unknown }).state;
}

const write = (state: unknown) =>
  localStorage.setItem(storageKeys.settings, JSON.stringify({ state, version: 0 }));

describe("settings store", () => {
  beforeEach(() => {
    localStorage.clear();
    useSettingsStore.setState(defaultSettings);
  });
  afterEach(() => vi.restoreAllMocks());

  it("starts with debug mode off on the conversation view", () => {
    expect(defaultSettings).toEqual({ debugMode: false, activeView: "conversation" });
    expect(useSettingsStore.getState()).toMatchObject(defaultSettings);
  });

  it("persists exactly the settings under the settings key", () => {
    expect(storageKeys.settings).toBe("settings-storage");
    useSettingsStore.getState().setDebugMode(true);
    useSettingsStore.getState().setActiveView("tasks");
    expect(stored()).toEqual({ debugMode: true, activeView: "tasks" });
  });

  it("toggles debug mode", () => {
    useSettingsStore.getState().toggleDebugMode();
    expect(useSettingsStore.getState().debugMode).toBe(true);
    useSettingsStore.getState().toggleDebugMode();
    expect(useSettingsStore.getState().debugMode).toBe(false);
    expect(stored()).toEqual({ debugMode: false, activeView: "conversation" });
  });

  it("ignores a view that does not exist", () => {
    useSettingsStore.getState().setActiveView("artifacts");
    useSettingsStore.getState().setActiveView("nope" as "tasks");
    expect(useSettingsStore.getState().activeView).toBe("artifacts");
    expect(isActiveView("tasks")).toBe(true);
    expect(isActiveView("Tasks")).toBe(false);
  });

  it("restores the stored settings on reload", async () => {
    write({ debugMode: true, activeView: "artifacts" });
    await useSettingsStore.persist.rehydrate();
    expect(useSettingsStore.getState()).toMatchObject({ debugMode: true, activeView: "artifacts" });
  });

  it("keeps the defaults for stored fields of the wrong shape, field by field", async () => {
    write({ debugMode: "yes", activeView: "tasks" });
    await useSettingsStore.persist.rehydrate();
    expect(useSettingsStore.getState()).toMatchObject({ debugMode: false, activeView: "tasks" });

    useSettingsStore.setState(defaultSettings);
    write({ debugMode: true, activeView: "dashboard" });
    await useSettingsStore.persist.rehydrate();
    expect(useSettingsStore.getState()).toMatchObject({
      debugMode: true,
      activeView: "conversation",
    });
  });

  it("keeps working when storage refuses writes", () => {
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    });
    expect(() => useSettingsStore.getState().setDebugMode(true)).not.toThrow();
    expect(() => useSettingsStore.getState().setActiveView("tasks")).not.toThrow();
    expect(useSettingsStore.getState()).toMatchObject({ debugMode: true, activeView: "tasks" });
    // The last value that could be written stays; nothing threw.
    expect(stored()).toEqual(defaultSettings);
  });

  it("keeps the current settings when storage cannot be read", async () => {
    useSettingsStore.getState().setActiveView("tasks");
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("The operation is insecure.", "SecurityError");
    });
    await expect(useSettingsStore.persist.rehydrate()).resolves.toBeUndefined();
    expect(useSettingsStore.getState().activeView).toBe("tasks");
  });
});
