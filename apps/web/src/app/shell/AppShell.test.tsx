import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppShell } from "./AppShell.js";
import { fakeMatchMedia } from "./fake-match-media.js";

function shell(closeDrawersOn?: string | null) {
  return (
    <MemoryRouter>
      <AppShell
        header={<p>header slot</p>}
        agents={<button type="button">agent one</button>}
        main={<p>main slot</p>}
        tools={<p>tools slot</p>}
        mobileUserMenu={<button type="button">Login</button>}
        mobileToolbar={<p>toolbar slot</p>}
        closeDrawersOn={closeDrawersOn}
      />
    </MemoryRouter>
  );
}

function renderShell() {
  render(shell());
  return userEvent.setup();
}

const legal = [
  ["Legal", "/legal"],
  ["Privacy", "/privacy"],
  ["Terms", "/terms"],
] as const;
const registries = [
  ["Agent Registry", "/api/v1/agents/registry"],
  ["Tool Registry", "/api/v1/mcp/registry"],
  ["Sitemap", "/sitemap.xml"],
] as const;

function expectLegalLinks(scope: HTMLElement) {
  for (const [name, href] of legal) {
    const link = within(scope).getByRole("link", { name });
    expect(link).toHaveAttribute("href", href);
    expect(link).not.toHaveAttribute("target");
  }
}

function expectRegistryLinks(scope: HTMLElement) {
  for (const [name, href] of registries) {
    const link = within(scope).getByRole("link", { name });
    expect(link).toHaveAttribute("href", href);
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
  }
}

describe("AppShell", () => {
  afterEach(() => vi.unstubAllGlobals());

  describe("with columns (tablet and desktop)", () => {
    it("shows the header, the three columns and their footers, and no phone chrome", () => {
      fakeMatchMedia(1280);
      renderShell();
      expect(screen.getByText("header slot")).toBeInTheDocument();
      expect(screen.getByRole("link", { name: "A2A Chat home" })).toHaveAttribute("href", "/");
      expect(within(screen.getByRole("main")).getByText("main slot")).toBeInTheDocument();
      const agents = screen.getByRole("complementary", { name: "Agents" });
      const tools = screen.getByRole("complementary", { name: "Tools" });
      expect(within(agents).getByRole("button", { name: "agent one" })).toBeInTheDocument();
      expect(within(tools).getByText("tools slot")).toBeInTheDocument();
      expectLegalLinks(agents);
      expectRegistryLinks(tools);

      expect(screen.queryByRole("button", { name: "Menu" })).not.toBeInTheDocument();
      expect(screen.queryByRole("navigation", { name: "Sections" })).not.toBeInTheDocument();
      expect(screen.queryByText("toolbar slot")).not.toBeInTheDocument();
      expect(screen.queryByRole("button", { name: "Login" })).not.toBeInTheDocument();
    });

    it("assumes columns where media queries cannot be evaluated", () => {
      vi.stubGlobal("matchMedia", undefined);
      renderShell();
      expect(screen.getByRole("complementary", { name: "Agents" })).toBeInTheDocument();
      expect(screen.getByText("header slot")).toBeInTheDocument();
    });
  });

  describe("on a phone", () => {
    it("shows the top bar, the toolbar, the centre and the bottom bar, without the columns", () => {
      fakeMatchMedia(375);
      renderShell();
      expect(screen.getByRole("button", { name: "Menu" })).toBeInTheDocument();
      expect(screen.getByRole("link", { name: "A2A Chat home" })).toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Login" })).toBeInTheDocument();
      expect(screen.getByText("toolbar slot")).toBeInTheDocument();
      expect(screen.getByText("main slot")).toBeInTheDocument();
      expect(screen.queryByText("header slot")).not.toBeInTheDocument();
      expect(screen.queryByRole("complementary")).not.toBeInTheDocument();
      expect(screen.queryByText("tools slot")).not.toBeInTheDocument();

      const bar = screen.getByRole("navigation", { name: "Sections" });
      const buttons = within(bar).getAllByRole("button");
      expect(buttons.map((button) => button.textContent)).toEqual(["Agents", "Chat", "Tools"]);
      expect(within(bar).getByRole("button", { name: "Chat" })).toHaveAttribute(
        "aria-current",
        "true",
      );
    });

    it("opens the agents drawer titled SELECT AGENT from the bottom bar; Escape closes it", async () => {
      fakeMatchMedia(375);
      const user = renderShell();
      const agentsButton = screen.getByRole("button", { name: "Agents" });
      await user.click(agentsButton);

      const drawer = screen.getByRole("dialog", { name: "SELECT AGENT" });
      expect(drawer).toHaveAttribute("aria-modal", "true");
      expect(within(drawer).getByRole("heading", { name: "SELECT AGENT" })).toHaveTextContent(
        /^SELECT AGENT$/,
      );
      expect(within(drawer).getByRole("button", { name: "agent one" })).toBeInTheDocument();
      expectLegalLinks(drawer);
      expect(drawer).toHaveFocus();
      expect(agentsButton).toHaveAttribute("aria-current", "true");

      await user.keyboard("{Escape}");
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
      expect(agentsButton).toHaveFocus();
      expect(screen.getByRole("button", { name: "Chat" })).toHaveAttribute("aria-current", "true");
    });

    it("opens the tools drawer from the bottom bar; the backdrop closes it", async () => {
      fakeMatchMedia(375);
      const user = renderShell();
      const toolsButton = screen.getByRole("button", { name: "Tools" });
      await user.click(toolsButton);

      const drawer = screen.getByRole("dialog", { name: "TOOLS" });
      expect(within(drawer).getByText("tools slot")).toBeInTheDocument();
      expectRegistryLinks(drawer);

      const backdrop = document.querySelector<HTMLElement>("[data-drawer-backdrop]");
      expect(backdrop).not.toBeNull();
      await user.click(backdrop as HTMLElement);
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
      expect(toolsButton).toHaveFocus();
    });

    it("opens the agents drawer from the menu button; the close button closes it", async () => {
      fakeMatchMedia(375);
      const user = renderShell();
      const menu = screen.getByRole("button", { name: "Menu" });
      await user.click(menu);
      const drawer = screen.getByRole("dialog", { name: "SELECT AGENT" });
      await user.click(within(drawer).getByRole("button", { name: "Close" }));
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
      expect(menu).toHaveFocus();
    });

    it("keeps keyboard focus inside an open drawer", async () => {
      fakeMatchMedia(375);
      const user = renderShell();
      await user.click(screen.getByRole("button", { name: "Agents" }));
      const drawer = screen.getByRole("dialog", { name: "SELECT AGENT" });
      const close = within(drawer).getByRole("button", { name: "Close" });
      const lastLink = within(drawer).getByRole("link", { name: "Terms" });

      await user.tab();
      expect(close).toHaveFocus();
      lastLink.focus();
      await user.tab();
      expect(close).toHaveFocus();
      await user.tab({ shift: true });
      expect(lastLink).toHaveFocus();
    });

    it("keeps a drawer opened while the agents load; closes it when the selection changes", async () => {
      fakeMatchMedia(375);
      const { rerender } = render(shell(null));
      const user = userEvent.setup();
      await user.click(screen.getByRole("button", { name: "Tools" }));
      // The agents arrive and the default one is selected: not the user's doing.
      rerender(shell("https://agents.example/one"));
      expect(screen.getByRole("dialog", { name: "TOOLS" })).toBeInTheDocument();
      // Another agent chosen: an open drawer closes.
      rerender(shell("https://agents.example/two"));
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    });

    it("closes a drawer and shows the columns when the window widens", async () => {
      const media = fakeMatchMedia(375);
      const user = renderShell();
      await user.click(screen.getByRole("button", { name: "Tools" }));
      expect(screen.getByRole("dialog", { name: "TOOLS" })).toBeInTheDocument();

      act(() => media.setWidth(800));
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
      expect(screen.getByRole("complementary", { name: "Tools" })).toBeInTheDocument();
      expect(screen.queryByRole("navigation", { name: "Sections" })).not.toBeInTheDocument();

      // Narrowing again starts on the chat, not on the drawer left open before.
      act(() => media.setWidth(375));
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Chat" })).toHaveAttribute("aria-current", "true");
    });
  });
});
