import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { storageKeys } from "../../lib/storage.js";
import { defaultSettings, useSettingsStore } from "../../stores/settings-store.js";
import { ViewTabs } from "./ViewTabs.js";

function Views() {
  const view = useSettingsStore((state) => state.activeView);
  return (
    <ViewTabs>
      <p>showing {view}</p>
    </ViewTabs>
  );
}

const storedView = () =>
  (
    JSON.parse(localStorage.getItem(storageKeys.settings) ?? "{}") as {
      state?: { activeView?: string };
    }
  ).state?.activeView;

describe("ViewTabs", () => {
  beforeEach(() => {
    localStorage.clear();
    useSettingsStore.setState(defaultSettings);
  });

  it("offers the three views, conversation first and selected by default", () => {
    render(<Views />);
    expect(screen.getByRole("tablist", { name: "Views" })).toBeInTheDocument();
    const tabs = screen.getAllByRole("tab");
    expect(tabs.map((tab) => tab.textContent)).toEqual(["Conversation", "Tasks", "Artifacts"]);
    expect(tabs.map((tab) => tab.getAttribute("aria-selected"))).toEqual([
      "true",
      "false",
      "false",
    ]);
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
    const panel = screen.getByRole("tabpanel", { name: "Conversation" });
    expect(panel).toHaveTextContent("showing conversation");
    expect(tabs[0]).toHaveAttribute("aria-controls", panel.id);
  });

  it("switches the view on click and stores the choice", async () => {
    const user = userEvent.setup();
    render(<Views />);
    await user.click(screen.getByRole("tab", { name: "Tasks" }));
    expect(screen.getByRole("tab", { name: "Tasks" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel", { name: "Tasks" })).toHaveTextContent("showing tasks");
    expect(useSettingsStore.getState().activeView).toBe("tasks");
    expect(storedView()).toBe("tasks");
  });

  it("moves between tabs with the arrow keys, Home and End, wrapping around", async () => {
    const user = userEvent.setup();
    render(<Views />);
    await user.click(screen.getByRole("tab", { name: "Conversation" }));

    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Tasks" })).toHaveFocus();
    expect(screen.getByRole("tabpanel")).toHaveTextContent("showing tasks");

    await user.keyboard("{ArrowRight}{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Conversation" })).toHaveFocus();

    await user.keyboard("{ArrowLeft}");
    expect(screen.getByRole("tab", { name: "Artifacts" })).toHaveFocus();
    expect(screen.getByRole("tab", { name: "Artifacts" })).toHaveAttribute("aria-selected", "true");
    expect(storedView()).toBe("artifacts");

    await user.keyboard("{Home}");
    expect(screen.getByRole("tab", { name: "Conversation" })).toHaveFocus();
    await user.keyboard("{End}");
    expect(screen.getByRole("tab", { name: "Artifacts" })).toHaveFocus();
  });

  it("opens on the view chosen before a reload", async () => {
    localStorage.setItem(
      storageKeys.settings,
      JSON.stringify({ state: { debugMode: false, activeView: "artifacts" }, version: 0 }),
    );
    await useSettingsStore.persist.rehydrate();
    render(<Views />);
    expect(screen.getByRole("tab", { name: "Artifacts" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel", { name: "Artifacts" })).toHaveTextContent(
      "showing artifacts",
    );
  });
});
