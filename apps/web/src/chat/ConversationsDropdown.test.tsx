import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAccountModal } from "../accounts/account-modal-store.js";
import type { FetchLike } from "../lib/api.js";
import { useAuthStore } from "../stores/auth-store.js";
import { useContextsStore } from "../stores/contexts-store.js";
import { resetAllStores } from "../stores/reset.js";
import { anonymousReply, makeJwt } from "../test/jwt-fixture.js";
import { contextRecord, jsonReply } from "../test/sse-fixture.js";
import { ConversationsDropdown } from "./ConversationsDropdown.js";

const alpha = contextRecord("alpha-0001", { name: "Alpha", updated_at: "2025-02-01T00:00:00Z" });
const beta = contextRecord("beta-0002", { name: "Beta", updated_at: "2025-01-01T00:00:00Z" });
const trigger = (name: string) => screen.getByRole("button", { name: `Conversation: ${name}` });
const list = () => screen.getByRole("list", { name: "Conversations" });
const requestOf = (fetchMock: ReturnType<typeof vi.fn<FetchLike>>, call = 0) => {
  const [url, init] = fetchMock.mock.calls[call] ?? [];
  return { url, method: init?.method, body: init?.body ? JSON.parse(String(init.body)) : null };
};

describe("ConversationsDropdown", () => {
  let fetchMock: ReturnType<typeof vi.fn<FetchLike>>;
  beforeEach(() => {
    localStorage.clear();
    // The dropdown is for signed-in users (tools spec §2); the visitor case is tested below.
    useAuthStore.getState().setAuth({
      access_token: makeJwt({ sub: "u1", scope: "user", user_type: "authenticated", exp: 4e9 }),
      token_type: "Bearer",
      user_id: "u1",
      session_id: "s1",
      expires_in: 3600,
    });
    resetAllStores();
    fetchMock = vi.fn<FetchLike>();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const renderLoaded = () => {
    useContextsStore.getState().receiveSnapshot([alpha, beta]);
    render(<ConversationsDropdown />);
    return userEvent.setup();
  };

  it("opens the sign-in modal for a visitor instead of the list, and the list once signed in", async () => {
    useAuthStore.getState().clearAuth();
    useAuthStore.getState().setAnonymousAuth(anonymousReply("anon-1"));
    const user = renderLoaded();
    await user.click(trigger("Alpha"));
    expect(screen.queryByRole("list", { name: "Conversations" })).not.toBeInTheDocument();
    const modal = useAccountModal.getState();
    expect(modal).toMatchObject({ mode: "signin", agentName: null });
    act(() => {
      useAuthStore.getState().setAuth({
        access_token: makeJwt({
          sub: "anon-1",
          scope: "user",
          user_type: "authenticated",
          exp: 4e9,
        }),
        token_type: "Bearer",
        user_id: "anon-1",
        session_id: "s2",
        expires_in: 3600,
      });
      useContextsStore.getState().receiveSnapshot([alpha, beta]);
      modal.close();
      modal.onSignedIn?.();
    });
    expect(within(list()).getByRole("button", { name: "Beta" })).toBeInTheDocument();
  });

  it("says it is loading until conversations arrive", () => {
    render(<ConversationsDropdown />);
    expect(trigger("Loading conversations...")).toHaveAttribute("aria-expanded", "false");
  });

  it("lists conversations in a scrolling list, marks the current one and focuses it", async () => {
    const user = renderLoaded();
    await user.click(trigger("Alpha"));
    expect(trigger("Alpha")).toHaveAttribute("aria-expanded", "true");
    expect(list()).toHaveClass("max-h-96", "overflow-y-auto");
    const current = within(list()).getByRole("button", { name: "Alpha" });
    expect(current).toHaveAttribute("aria-current", "true");
    expect(within(list()).getByRole("button", { name: "Beta" })).not.toHaveAttribute(
      "aria-current",
    );
    expect(current).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(within(list()).getByRole("button", { name: "Beta" })).toHaveFocus();
  });

  it("switches conversations and closes, returning focus to the button", async () => {
    const user = renderLoaded();
    await user.click(trigger("Alpha"));
    await user.click(within(list()).getByRole("button", { name: "Beta" }));
    expect(useContextsStore.getState().currentContextId).toBe("beta-0002");
    expect(screen.queryByRole("list")).not.toBeInTheDocument();
    expect(trigger("Beta")).toHaveFocus();
  });

  it("closes on Escape", async () => {
    const user = renderLoaded();
    await user.click(trigger("Alpha"));
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("list")).not.toBeInTheDocument();
    expect(trigger("Alpha")).toHaveFocus();
  });

  it("creates a new conversation and selects it", async () => {
    fetchMock.mockResolvedValue(
      jsonReply(201, contextRecord("gamma-03", { name: "Conversation 3" })),
    );
    const user = renderLoaded();
    await user.click(trigger("Alpha"));
    await user.click(screen.getByRole("button", { name: "New Conversation" }));
    expect(requestOf(fetchMock)).toEqual({
      url: "/api/v1/core/contexts",
      method: "POST",
      body: { name: "Conversation 3" },
    });
    await waitFor(() => expect(trigger("Conversation 3")).toBeInTheDocument());
  });

  it("renames inline: Enter saves", async () => {
    fetchMock.mockResolvedValue(jsonReply(200, { ...beta, name: "Budget" }));
    const user = renderLoaded();
    await user.click(trigger("Alpha"));
    await user.click(screen.getByRole("button", { name: "Rename Beta" }));
    const input = screen.getByRole("textbox", { name: "New name for Beta" });
    expect(input).toHaveFocus();
    expect(input).toHaveValue("Beta");
    await user.clear(input);
    await user.type(input, "Budget{Enter}");
    expect(requestOf(fetchMock)).toEqual({
      url: "/api/v1/core/contexts/beta-0002",
      method: "PUT",
      body: { name: "Budget" },
    });
    expect(within(list()).getByRole("button", { name: "Budget" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Rename Budget" })).toHaveFocus();
  });

  it("renames inline: Escape cancels and keeps the list open", async () => {
    const user = renderLoaded();
    await user.click(trigger("Alpha"));
    await user.click(screen.getByRole("button", { name: "Rename Beta" }));
    await user.type(screen.getByRole("textbox", { name: "New name for Beta" }), "zzz{Escape}");
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
    expect(within(list()).getByRole("button", { name: "Beta" })).toBeInTheDocument();
  });

  it("deletes after a confirmation, and cancels without one", async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    const user = renderLoaded();
    await user.click(trigger("Alpha"));
    await user.click(screen.getByRole("button", { name: "Delete Alpha" }));
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Delete Alpha" }));
    expect(screen.getByText("Delete “Alpha”?")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Delete" }));
    expect(requestOf(fetchMock)).toEqual({
      url: "/api/v1/core/contexts/alpha-0001",
      method: "DELETE",
      body: null,
    });
    expect(within(list()).queryByRole("button", { name: "Alpha" })).not.toBeInTheDocument();
    expect(within(list()).getByRole("button", { name: "Beta" })).toHaveFocus();
    expect(trigger("Beta")).toBeInTheDocument();
  });

  it("refuses to delete the only conversation", async () => {
    useContextsStore.getState().receiveSnapshot([alpha]);
    render(<ConversationsDropdown />);
    const user = userEvent.setup();
    await user.click(trigger("Alpha"));
    await user.click(screen.getByRole("button", { name: "Delete Alpha" }));
    expect(useContextsStore.getState().error).toBe(
      "Cannot delete last context - system must always have at least one context",
    );
    expect(fetchMock).not.toHaveBeenCalled();
    expect(within(list()).getByRole("button", { name: "Alpha" })).toBeInTheDocument();
  });
  it("saves a rename when the field loses focus and closes when clicking outside", async () => {
    fetchMock.mockResolvedValue(jsonReply(200, { ...beta, name: "Bills" }));
    const user = renderLoaded();
    await user.click(trigger("Alpha"));
    await user.click(screen.getByRole("button", { name: "Rename Beta" }));
    const input = screen.getByRole("textbox", { name: "New name for Beta" });
    await user.clear(input);
    await user.type(input, "Bills");
    await user.click(document.body);
    expect(requestOf(fetchMock).body).toEqual({ name: "Bills" });
    expect(screen.queryByRole("list")).not.toBeInTheDocument();
    expect(useContextsStore.getState().conversations.map((c) => c.name)).toEqual([
      "Alpha",
      "Bills",
    ]);
  });
});
