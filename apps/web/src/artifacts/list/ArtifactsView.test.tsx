import type { Artifact } from "@a2a-chat/contracts";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FetchLike } from "../../lib/api.js";
import { formatTimestamp } from "../../lib/timestamps.js";
import { useArtifactsStore } from "../../stores/artifacts-store.js";
import { useAuthStore } from "../../stores/auth-store.js";
import { resetAllStores } from "../../stores/reset.js";
import { makeArtifact } from "../../tasks/task-fixture.js";
import { anonymousReply } from "../../test/jwt-fixture.js";
import { jsonReply } from "../../test/sse-fixture.js";
import { ArtifactsView } from "./ArtifactsView.js";

const conversations = [
  { id: "ctx-1", name: "Trip" },
  { id: "ctx-2", name: "Taxes" },
];

const table = makeArtifact("11111111-table", { created_at: "2025-01-01T10:00:00Z" });
const chart = makeArtifact("22222222-chart", {
  artifact_type: "chart",
  context_id: "ctx-2",
  created_at: "2025-01-03T10:00:00Z",
});
const code = makeArtifact("33333333-code", {
  artifact_type: "code",
  created_at: "2025-01-02T10:00:00Z",
});
const hidden = makeArtifact("44444444-internal", {
  artifact_type: "json",
  is_internal: true,
  created_at: "2025-01-04T10:00:00Z",
});

function renderView(debugMode = false) {
  const onOpenConversation = vi.fn();
  render(
    <ArtifactsView
      conversations={conversations}
      onOpenConversation={onOpenConversation}
      debugMode={debugMode}
    />,
  );
  return onOpenConversation;
}

const seed = (...artifacts: Artifact[]) => {
  for (const artifact of artifacts) useArtifactsStore.getState().upsertArtifact(artifact);
};
const cardIds = () =>
  screen.queryAllByRole("article").map((card) => card.getAttribute("aria-label"));

describe("ArtifactsView", () => {
  let fetchMock: ReturnType<typeof vi.fn<FetchLike>>;
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().setAnonymousAuth(anonymousReply("anon-1"));
    resetAllStores();
    fetchMock = vi.fn<FetchLike>(async () => jsonReply(200, []));
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("loads the artifacts on mount and shows them newest first", async () => {
    fetchMock.mockResolvedValue(jsonReply(200, [table, chart, code]));
    renderView();
    expect(screen.getByRole("heading", { name: "All Artifacts" })).toBeInTheDocument();
    expect(await screen.findByText("Showing 3 of 3 artifacts")).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/v1/core/artifacts?limit=100");
    expect(cardIds()).toEqual(["Artifact 22222222", "Artifact 33333333", "Artifact 11111111"]);
  });

  it("shows the short id, type, conversation name and created time on a card", () => {
    seed(chart);
    renderView();
    const card = screen.getByRole("article", { name: "Artifact 22222222" });
    expect(within(card).getByText("22222222")).toHaveAttribute("title", "22222222-chart");
    expect(within(card).getAllByText("chart").length).toBeGreaterThan(0);
    expect(within(card).getByText("Taxes")).toBeInTheDocument();
    expect(within(card).getByText(formatTimestamp(Date.UTC(2025, 0, 3, 10)))).toBeInTheDocument();
  });

  it("opens the artifact's conversation", async () => {
    seed(chart);
    const onOpen = renderView();
    await userEvent.setup().click(screen.getByRole("button", { name: "Open" }));
    expect(onOpen).toHaveBeenCalledWith("ctx-2");
  });

  it("filters by type and by conversation", async () => {
    const user = userEvent.setup();
    seed(table, chart, code);
    renderView();
    const typeSelect = screen.getByRole("combobox", { name: "Type" });
    const conversationSelect = screen.getByRole("combobox", { name: "Conversation" });
    expect(typeSelect).toHaveDisplayValue("All Types");
    expect(conversationSelect).toHaveDisplayValue("All Conversations");
    expect(
      within(typeSelect)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["All Types", "chart", "code", "table"]);
    await user.selectOptions(typeSelect, "code");
    expect(screen.getByText("Showing 1 of 3 artifacts")).toBeInTheDocument();
    expect(cardIds()).toEqual(["Artifact 33333333"]);
    await user.selectOptions(typeSelect, "All Types");
    await user.selectOptions(conversationSelect, "Taxes");
    expect(screen.getByText("Showing 1 of 3 artifacts")).toBeInTheDocument();
    expect(cardIds()).toEqual(["Artifact 22222222"]);
    expect(screen.queryByText("No Artifacts Match Filters")).not.toBeInTheDocument();
    // Filters that match nothing say so instead of leaving the view blank.
    await user.selectOptions(typeSelect, "code");
    expect(screen.getByText("Showing 0 of 3 artifacts")).toBeInTheDocument();
    expect(cardIds()).toEqual([]);
    expect(screen.getByText("No Artifacts Match Filters")).toBeInTheDocument();
    expect(
      screen.getByText("Try adjusting your filters to see more artifacts"),
    ).toBeInTheDocument();
  });

  it("hides internal artifacts unless in debug mode", () => {
    seed(table, hidden);
    renderView();
    expect(screen.getByText("Showing 1 of 1 artifacts")).toBeInTheDocument();
    expect(cardIds()).toEqual(["Artifact 11111111"]);
  });

  it("shows internal artifacts in debug mode", () => {
    seed(table, hidden);
    renderView(true);
    expect(cardIds()).toEqual(["Artifact 44444444", "Artifact 11111111"]);
  });

  it("says 'No artifacts yet' when there are none", async () => {
    renderView();
    expect(await screen.findByText("No artifacts yet")).toBeInTheDocument();
    expect(
      screen.getByText("Artifacts will appear here as agents create them"),
    ).toBeInTheDocument();
  });

  it("follows live updates of the store", () => {
    seed(table);
    renderView();
    act(() => useArtifactsStore.getState().upsertArtifact(chart));
    expect(screen.getByText("Showing 2 of 2 artifacts")).toBeInTheDocument();
    expect(cardIds()).toEqual(["Artifact 22222222", "Artifact 11111111"]);
    act(() => useArtifactsStore.getState().removeArtifact(chart.artifactId));
    expect(cardIds()).toEqual(["Artifact 11111111"]);
  });

  it("shows a failed load in an error banner", async () => {
    fetchMock.mockResolvedValue(jsonReply(500, { error: "internal", message: "Boom" }));
    renderView();
    expect(await screen.findByRole("alert")).toHaveTextContent("Boom");
  });
});
