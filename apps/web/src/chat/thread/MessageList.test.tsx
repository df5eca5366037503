import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChatMessage } from "../model/chat-types.js";
import { MessageList, reservedHeight, streamingRoomStepPx } from "./MessageList.js";
import { chatMessage } from "./test-messages.js";

const viewportHeight = 600;
const rowHeight = 100;

function messages(count: number): ChatMessage[] {
  return Array.from({ length: count }, (_, i) =>
    chatMessage({
      id: `m${i}`,
      role: i % 2 === 0 ? "user" : "assistant",
      parts: [{ kind: "text", text: `Message number ${i}` }],
    }),
  );
}

function scroller(): HTMLElement {
  return screen.getByRole("log", { name: "Messages" });
}

function distanceFromBottom(): number {
  const element = scroller();
  return element.scrollHeight - viewportHeight - element.scrollTop;
}

// jsdom has no layout: give the scroller a viewport height, every row a height, and make
// scrollTo move the scroll position and fire a scroll event like a browser.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockImplementation(function (
    this: HTMLElement,
  ) {
    return this.getAttribute("role") === "log" ? viewportHeight : 0;
  });
  vi.spyOn(HTMLElement.prototype, "offsetHeight", "get").mockImplementation(function (
    this: HTMLElement,
  ) {
    return this.hasAttribute("data-index") ? rowHeight : 0;
  });
  vi.spyOn(HTMLElement.prototype, "scrollHeight", "get").mockImplementation(function (
    this: HTMLElement,
  ) {
    const content = this.firstElementChild;
    if (this.getAttribute("role") !== "log" || !(content instanceof HTMLElement)) return 0;
    return Number.parseFloat(content.style.height);
  });
  Element.prototype.scrollTo = function (this: Element, options?: ScrollToOptions | number) {
    if (typeof options === "object" && options.top !== undefined) this.scrollTop = options.top;
    // Browsers fire scroll events asynchronously, never inside the call.
    setTimeout(() => this.dispatchEvent(new Event("scroll")), 0);
  } as Element["scrollTo"];
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("MessageList", () => {
  it("names each reply after the agent that wrote it, not one name for all", () => {
    const list = [
      chatMessage({ id: "a", role: "assistant", agentName: "Assistant", content: "one" }),
      chatMessage({ id: "b", role: "assistant", agentName: "Code Helper", content: "two" }),
      chatMessage({ id: "c", role: "assistant", taskId: "old", content: "three" }),
      chatMessage({ id: "d", role: "assistant", content: "four" }),
    ];
    render(
      <MessageList
        messages={list}
        authorOf={(message) => (message.taskId === "old" ? "Weather" : undefined)}
      />,
    );
    const authors = screen
      .getAllByRole("article")
      .map((article) => article.getAttribute("aria-label"));
    expect(authors).toEqual([
      "Message from Assistant",
      "Message from Code Helper",
      "Message from Weather",
      "Message from Assistant",
    ]);
  });

  it("renders only the visible rows of 5,000 messages and opens at the latest", async () => {
    const { container } = render(<MessageList messages={messages(5000)} />);
    expect(await screen.findByText("Message number 4999")).toBeInTheDocument();
    const rows = container.querySelectorAll("[data-index]");
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(30);
    expect(screen.queryByText("Message number 0")).not.toBeInTheDocument();
  });

  it("shows the empty state when there are no messages", () => {
    render(<MessageList messages={[]} empty={<p>Nothing yet</p>} />);
    expect(screen.getByText("Nothing yet")).toBeInTheDocument();
    expect(screen.queryByRole("log")).not.toBeInTheDocument();
  });

  it("follows new messages while the reader is at the bottom", async () => {
    const list = messages(50);
    const { rerender } = render(<MessageList messages={list} />);
    await screen.findByText("Message number 49");
    await waitFor(() => expect(distanceFromBottom()).toBe(0));
    const before = scroller().scrollTop;
    rerender(<MessageList messages={[...list, ...messages(51).slice(50)]} />);
    expect(await screen.findByText("Message number 50")).toBeInTheDocument();
    await waitFor(() => expect(distanceFromBottom()).toBe(0));
    expect(scroller().scrollTop).toBeGreaterThan(before);
  });

  it("keeps the reader's place when they scrolled up", async () => {
    const list = messages(50);
    const { rerender } = render(<MessageList messages={list} />);
    await waitFor(() => expect(distanceFromBottom()).toBe(0));
    act(() => {
      scroller().scrollTop = 1000;
      scroller().dispatchEvent(new Event("scroll"));
    });
    expect(await screen.findByText("Message number 10")).toBeInTheDocument();
    rerender(<MessageList messages={[...list, ...messages(51).slice(50)]} />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(scroller().scrollTop).toBe(1000);
    expect(screen.getByText("Message number 10")).toBeInTheDocument();
    expect(screen.queryByText("Message number 50")).not.toBeInTheDocument();
  });

  it("jumps to the bottom when this tab sends, even from higher up", async () => {
    const list = messages(50);
    const { rerender } = render(<MessageList messages={list} />);
    await waitFor(() => expect(distanceFromBottom()).toBe(0));
    act(() => {
      scroller().scrollTop = 1000;
      scroller().dispatchEvent(new Event("scroll"));
    });
    const sent = chatMessage({
      id: "sent",
      role: "user",
      isOptimistic: true,
      parts: [{ kind: "text", text: "Just sent" }],
    });
    rerender(<MessageList messages={[...list, sent]} />);
    await waitFor(() => expect(distanceFromBottom()).toBe(0));
    expect(await screen.findByText("Just sent")).toBeInTheDocument();
  });

  it("stays at the newest message when older history is put in front", async () => {
    const all = messages(80);
    const { rerender } = render(<MessageList messages={all.slice(40)} />);
    await waitFor(() => expect(distanceFromBottom()).toBe(0));
    rerender(<MessageList messages={all} />);
    await waitFor(() => expect(distanceFromBottom()).toBe(0));
    expect(await screen.findByText("Message number 79")).toBeInTheDocument();
  });

  it("measures a streaming reply's row when it grows, in steps of room, and follows its end in the same update", async () => {
    const list = messages(50);
    const reply = (text: string, isStreaming = true) =>
      chatMessage({ id: "reply", isStreaming, parts: [{ kind: "text", text }] });
    const { rerender } = render(<MessageList messages={[...list, reply("One")]} />);
    await waitFor(() => expect(distanceFromBottom()).toBe(0));
    // The reply's content now lays out `contentHeight` px tall; no resize observer reports it.
    let contentHeight = 390;
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (
      this: HTMLElement,
    ) {
      const row = this.parentElement?.getAttribute("data-index") === "50";
      const height = row ? contentHeight : 0;
      return { height, width: 0, top: 0, left: 0, bottom: height, right: 0, x: 0, y: 0 } as DOMRect;
    });
    const listHeight = () =>
      Number.parseFloat((scroller().firstElementChild as HTMLElement).style.height);
    const row = () => scroller().querySelector<HTMLElement>('[data-index="50"]');
    const before = listHeight();
    rerender(<MessageList messages={[...list, reply("One two three")]} />);
    // Measured in the update itself (it was at most its 120 px estimate before), rounded up to
    // the next step of room: 390 px of content reserve 480.
    expect(reservedHeight(390)).toBe(3 * streamingRoomStepPx);
    expect(row()?.style.minHeight).toBe("480px");
    expect(listHeight() - before).toBeGreaterThanOrEqual(480 - 120);
    expect(distanceFromBottom()).toBe(0);

    // Growing within the room changes nothing of the list.
    const reserved = listHeight();
    contentHeight = 470;
    rerender(<MessageList messages={[...list, reply("One two three four")]} />);
    expect(listHeight()).toBe(reserved);
    // Past it, the next step.
    contentHeight = 481;
    rerender(<MessageList messages={[...list, reply("One two three four five")]} />);
    expect(row()?.style.minHeight).toBe("640px");
    expect(listHeight() - reserved).toBe(160);
    expect(distanceFromBottom()).toBe(0);

    // Once the reply ends, the room is given back.
    rerender(<MessageList messages={[...list, reply("One two three four five.", false)]} />);
    expect(row()?.style.minHeight).toBe("");
  });

  it("keeps no room while the whole conversation fits: there is no end to follow", () => {
    const reply = (text: string) =>
      chatMessage({ id: "reply", isStreaming: true, parts: [{ kind: "text", text }] });
    const list = messages(1);
    const { rerender } = render(<MessageList messages={[...list, reply("One")]} />);
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (
      this: HTMLElement,
    ) {
      const height = this.parentElement?.getAttribute("data-index") === "1" ? 90 : 0;
      return { height, width: 0, top: 0, left: 0, bottom: height, right: 0, x: 0, y: 0 } as DOMRect;
    });
    rerender(<MessageList messages={[...list, reply("One two")]} />);
    const row = scroller().querySelector<HTMLElement>('[data-index="1"]');
    expect(row?.style.minHeight).toBe("");
    // Measured at its own height (the first row's 100 px and its 90).
    expect(Number.parseFloat((scroller().firstElementChild as HTMLElement).style.height)).toBe(190);
  });

  it("marks the log busy while a reply streams", () => {
    render(<MessageList messages={[chatMessage({ isStreaming: true })]} />);
    expect(scroller()).toHaveAttribute("aria-busy", "true");
  });
});
