import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { storageKeys } from "../../lib/storage.js";
import { defaultSettings, useSettingsStore } from "../../stores/settings-store.js";
import { DebugModeToggle } from "./DebugModeToggle.js";

describe("DebugModeToggle", () => {
  beforeEach(() => {
    localStorage.clear();
    useSettingsStore.setState(defaultSettings);
  });

  it("is an unchecked 'Debug mode' switch by default", () => {
    render(<DebugModeToggle />);
    expect(screen.getByRole("switch", { name: "Debug mode" })).toHaveAttribute(
      "aria-checked",
      "false",
    );
  });

  it("turns debug mode on and off, and stores it", async () => {
    const user = userEvent.setup();
    render(<DebugModeToggle />);
    const toggle = screen.getByRole("switch", { name: "Debug mode" });

    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-checked", "true");
    expect(useSettingsStore.getState().debugMode).toBe(true);
    expect(localStorage.getItem(storageKeys.settings)).toContain('"debugMode":true');

    toggle.focus();
    await user.keyboard(" ");
    expect(toggle).toHaveAttribute("aria-checked", "false");
    expect(useSettingsStore.getState().debugMode).toBe(false);
  });

  it("follows the setting when it changes elsewhere", () => {
    render(<DebugModeToggle />);
    act(() => useSettingsStore.getState().setDebugMode(true));
    expect(screen.getByRole("switch", { name: "Debug mode" })).toHaveAttribute(
      "aria-checked",
      "true",
    );
  });
});
