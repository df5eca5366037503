import type { SearchHit } from "@a2a-chat/contracts";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { searchConversations } from "../../api/conversations-api.js";
import { useContextsStore } from "../../stores/contexts-store.js";
import { useJumpStore } from "../../stores/jump-store.js";
import { resetAllStores } from "../../stores/reset.js";
import { SearchDialog } from "./SearchDialog.js";
import { useSearchOpen } from "./search-open-store.js";

vi.mock("../../api/conversations-api.js", () => ({ searchConversations: vi.fn() }));
const search = vi.mocked(searchConversations);

const hit = (contextId: string, messageId: string, word: string): SearchHit => ({
  kind: "message",
  context_id: contextId,
  context_name: `Chat ${contextId}`,
  task_id: "t1",
  message_id: messageId,
  artifact_id: null,
  snippet: [
    { text: "the ", match: false },
    { text: word, match: true },
    { text: " <b>dances</b>", match: false },
  ],
  created_at: "2026-01-01T00:00:00.000Z",
});

describe("SearchDialog", () => {
  beforeEach(() => {
    resetAllStores();
    useSearchOpen.getState().setOpen(false);
    search.mockReset();
  });

  it("opens with Ctrl+K, shows highlighted results as text, and Enter opens the chosen one", async () => {
    const user = userEvent.setup();
    const switchContext = vi.fn();
    useContextsStore.setState({ switchContext, currentContextId: "here" });
    search.mockResolvedValue([hit("c1", "m1", "elephant"), hit("c2", "m2", "elephants")]);
    render(<SearchDialog />);
    expect(screen.queryByRole("dialog")).toBeNull();
    await user.keyboard("{Control>}k{/Control}");
    const box = await screen.findByRole("searchbox", { name: "Search all your conversations" });
    await user.type(box, "eleph");
    const results = await screen.findByRole("list", { name: "Search results" });
    await waitFor(() => expect(results.querySelectorAll("mark")).toHaveLength(2));
    expect(search).toHaveBeenLastCalledWith("eleph");
    expect(results.querySelector("mark")?.textContent).toBe("elephant");
    // Markup in a snippet is text, never HTML.
    expect(results.querySelector("b")).toBeNull();
    expect(results.textContent).toContain("<b>dances</b>");
    await user.keyboard("{ArrowDown}{Enter}");
    expect(switchContext).toHaveBeenCalledWith("c2");
    expect(useJumpStore.getState().messageId).toBe("m2");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("says when nothing matches, and does not search without a word", async () => {
    const user = userEvent.setup();
    search.mockResolvedValue([]);
    useSearchOpen.getState().setOpen(true);
    render(<SearchDialog />);
    const box = await screen.findByRole("searchbox");
    await user.type(box, "?!");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(search).not.toHaveBeenCalled();
    await user.type(box, "zz");
    await screen.findByText("No matches");
  });
});
