import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { useContextsStore } from "../stores/contexts-store.js";
import { resetAllStores } from "../stores/reset.js";
import { contextRecord } from "../test/sse-fixture.js";
import { ConversationView } from "./ConversationView.js";

describe("ConversationView", () => {
  beforeEach(() => {
    localStorage.clear();
    resetAllStores();
  });

  it("shows 'Loading conversations...' until a conversation is selected", () => {
    render(<ConversationView />);
    expect(screen.getByText("Loading conversations...")).toHaveAttribute("aria-live", "polite");
    expect(screen.queryByRole("heading")).not.toBeInTheDocument();
  });

  it("shows the current conversation's name, short id and message count", () => {
    useContextsStore
      .getState()
      .receiveSnapshot([contextRecord("0123456789abcdef", { name: "Trip", message_count: 3 })]);
    render(<ConversationView />);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Trip");
    expect(screen.getByText("ID: 01234567")).toHaveAttribute("title", "0123456789abcdef");
    expect(screen.getByText("3 messages")).toBeInTheDocument();
    expect(screen.queryByText("Loading conversations...")).not.toBeInTheDocument();
  });

  it("says '1 message' for a single message", () => {
    useContextsStore.getState().receiveSnapshot([contextRecord("c1", { message_count: 1 })]);
    render(<ConversationView />);
    expect(screen.getByText("1 message")).toBeInTheDocument();
  });

  it("shows errors in a dismissible banner titled 'Error'", async () => {
    useContextsStore.getState().switchContext("missing");
    render(<ConversationView />);
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("ErrorCannot switch to non-existent context: missing");
    await userEvent.setup().click(screen.getByRole("button", { name: "Dismiss error" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(useContextsStore.getState().error).toBeNull();
  });
});
