import { afterEach, describe, expect, it, vi } from "vitest";
import { create } from "zustand";
import { registerStoreReset, resetAllStores } from "./reset.js";

describe("store reset registry", () => {
  const unregister: Array<() => void> = [];
  afterEach(() => {
    for (const undo of unregister.splice(0)) undo();
    vi.restoreAllMocks();
  });

  it("resets every registered store to its initial state", () => {
    const useCounter = create<{ count: number }>(() => ({ count: 0 }));
    const useNames = create<{ names: string[] }>(() => ({ names: [] }));
    unregister.push(registerStoreReset(() => useCounter.setState(useCounter.getInitialState())));
    unregister.push(registerStoreReset(() => useNames.setState(useNames.getInitialState())));
    useCounter.setState({ count: 5 });
    useNames.setState({ names: ["a"] });

    resetAllStores();

    expect(useCounter.getState().count).toBe(0);
    expect(useNames.getState().names).toEqual([]);
  });

  it("keeps resetting after one reset throws", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const second = vi.fn();
    unregister.push(
      registerStoreReset(() => {
        throw new Error("boom");
      }),
    );
    unregister.push(registerStoreReset(second));
    resetAllStores();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it("stops calling a reset once unregistered", () => {
    const reset = vi.fn();
    const undo = registerStoreReset(reset);
    undo();
    resetAllStores();
    expect(reset).not.toHaveBeenCalled();
  });
});
