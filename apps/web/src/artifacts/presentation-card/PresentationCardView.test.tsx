import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dataArtifact, makeArtifact } from "../test/artifact-fixture.js";
import { PresentationCardView } from "./PresentationCardView.js";

const card = dataArtifact(
  "presentation_card",
  {
    title: "Welcome to A2A Chat",
    subtitle: "Talk to agents",
    icon: "sparkles",
    theme: "gradient",
    sections: [{ icon: "wrench", heading: "Run tools", content: "Tables and charts." }],
    ctas: [
      {
        id: "orders",
        label: "Show recent orders",
        message: "Show me the latest orders",
        variant: "primary",
      },
      { id: "chart", label: "Chart sales", message: "Chart revenue by month", variant: "outline" },
    ],
  },
  { tool_name: "welcome_card" },
  "welcome_card",
);

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("PresentationCardView", () => {
  it("shows title, subtitle and sections", () => {
    render(<PresentationCardView artifact={card} />);
    expect(screen.getByRole("heading", { name: "Welcome to A2A Chat" })).toBeInTheDocument();
    expect(screen.getByText("Talk to agents")).toBeInTheDocument();
    expect(screen.getByText("Run tools")).toBeInTheDocument();
    expect(screen.getByText("Tables and charts.")).toBeInTheDocument();
  });

  it("says when the data is not a card", () => {
    render(<PresentationCardView artifact={makeArtifact("presentation_card", [])} />);
    expect(screen.getByRole("alert")).toHaveTextContent("Invalid presentation card data");
  });

  it("sends a button's message and shows the sent mark for 1.5 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const send = vi.fn(async (_text: string) => {});
    render(<PresentationCardView artifact={card} onSendMessage={send} />);
    await user.click(screen.getByRole("button", { name: "Show recent orders" }));
    expect(send).toHaveBeenCalledWith("Show me the latest orders");
    expect(await screen.findByRole("img", { name: "Sent" })).toHaveTextContent("✓");
    act(() => {
      vi.advanceTimersByTime(1400);
    });
    expect(screen.getByRole("img", { name: "Sent" })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByRole("img", { name: "Sent" })).not.toBeInTheDocument();
  });

  it("alerts when there is no chat client", async () => {
    const user = userEvent.setup();
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    render(<PresentationCardView artifact={card} />);
    await user.click(screen.getByRole("button", { name: "Chart sales" }));
    expect(alert).toHaveBeenCalledWith("Unable to send message: Chat client not initialized");
  });

  it("alerts the error when sending is rejected", async () => {
    const user = userEvent.setup();
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    const send = vi.fn(async () => {
      throw new Error("Agent unavailable");
    });
    render(<PresentationCardView artifact={card} onSendMessage={send} />);
    await user.click(screen.getByRole("button", { name: "Chart sales" }));
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith("Error: Agent unavailable"));
    expect(screen.queryByRole("img", { name: "Sent" })).not.toBeInTheDocument();
  });
});
