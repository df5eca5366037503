import { useVirtualizer } from "@tanstack/react-virtual";
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef } from "react";
import type { BranchPlace } from "../engine/branch-view.js";
import type { ChatMessage, ToolCall } from "../model/chat-types.js";
import { scrollAndReportClamp } from "./clamped-scroll.js";
import { MessageItem } from "./MessageItem.js";
import type { MessageActions } from "./message-actions.js";
import { shownMessages } from "./shown-messages.js";
import { useJumpToMessage } from "./useJumpToMessage.js";

/** Props of the message thread. */
export interface MessageListProps {
  messages: ChatMessage[];
  /**
   * The author shown on an assistant message that does not name its own (older stored tasks);
   * 'Assistant' when this gives nothing either.
   */
  authorOf?: (message: ChatMessage) => string | undefined;
  /** Shows internal artifacts too. */
  debugMode?: boolean;
  onSendMessage?: (text: string) => Promise<void>;
  onOpenToolCall?: (toolCall: ToolCall, message: ChatMessage) => void;
  /** Shown instead of the list when there are no messages (e.g. `EmptyConversation`). */
  empty?: ReactNode;
  /** The branch switcher of each message that has one, by message id. */
  branchOf?: Readonly<Record<string, BranchPlace>>;
  /** Edit, regenerate, fork and switch branches. */
  actions?: MessageActions;
  /** The message whose edit form is open. */
  editingId?: string | null;
}

/** A first guess at a row's height; rows are measured once rendered. */
const estimatedRowHeight = 120;
/** Within this many pixels of the end counts as "at the bottom" (sub-pixel layouts, zoom). */
const bottomThreshold = 24;
/**
 * How long after the last scroll event the list counts as no longer scrolling. The virtualizer
 * re-renders the list whenever this flips; a streaming reply the reader follows scrolls the list
 * a few times a second, so with the library's 150 ms it flipped twice per draw (two renders of the
 * list for nothing we show). A second keeps it steady while a reply streams.
 */
const scrollingSettleMs = 1000;

/**
 * A streaming reply's row reserves its height in steps of this many pixels (about six lines):
 * text that grows within the room left needs no new row size, list height or scroll to follow
 * it, so most draws of a streamed reply lay out and paint the reply alone (docs/benchmarks.md).
 */
export const streamingRoomStepPx = 160;

/** The height a streaming row reserves for content of this natural height. */
export function reservedHeight(natural: number, step = streamingRoomStepPx): number {
  return Math.max(step, Math.ceil(natural / step) * step);
}

/** The index of the last streaming message, -1 when none streams; searched from the end. */
function lastStreamingIndex(messages: ChatMessage[]): number {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    if (messages[index]?.isStreaming) return index;
  }
  return -1;
}

/**
 * The conversation's messages, virtualised so thousands of them cost only the visible rows. Rows
 * are measured as they render and grow; while the reader is at the bottom the list follows new
 * messages and streamed text, otherwise it keeps their place.
 */
export function MessageList({
  messages: allMessages,
  authorOf,
  debugMode = false,
  onSendMessage,
  onOpenToolCall,
  empty,
  branchOf,
  actions,
  editingId = null,
}: MessageListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const messages = useMemo(() => shownMessages(allMessages, debugMode), [allMessages, debugMode]);
  // Read through a ref so the key function stays the same between renders: a new one would make
  // the virtualizer re-measure every row on every streamed token.
  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  const getItemKey = useCallback((index: number) => messagesRef.current[index]?.id ?? index, []);

  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimatedRowHeight,
    getItemKey,
    overscan: 4,
    // Chat behaviour: growth at the end keeps a reader who is at the bottom there, and appended
    // messages are followed only when the reader was at the bottom.
    anchorTo: "end",
    followOnAppend: true,
    scrollEndThreshold: bottomThreshold,
    // Row positions and the list's height are written to the DOM by the virtualizer, so a row that
    // grows (a streaming reply, measured on every draw) or a scroll does not re-render the list;
    // only a change of which rows are shown does. Rows are placed by `top`, not translate3d: the
    // same main-thread time per streamed token (docs/benchmarks.md), without a compositor layer
    // per row for the raster threads to keep up on a small machine.
    directDomUpdates: true,
    directDomUpdatesMode: "position",
    isScrollingResetDelay: scrollingSettleMs,
    scrollToFn: scrollAndReportClamp,
  });

  // A conversation opens at its latest message (also when another conversation's messages load).
  const conversation = messages[0]?.contextId;
  const hasMessages = messages.length > 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per conversation shown
  useLayoutEffect(() => {
    if (hasMessages) virtualizer.scrollToIndex(messagesRef.current.length - 1, { align: "end" });
  }, [conversation, hasMessages]);

  // Sending jumps to the bottom, wherever the reader was: the new message and its reply are there.
  // (Only this tab's own, optimistic, messages: one arriving from another tab keeps the place.)
  const lastUserId = messages.findLast(
    (message) => message.role === "user" && message.isOptimistic === true,
  )?.id;
  const seenUserId = useRef(lastUserId);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a new user message appears
  useLayoutEffect(() => {
    if (lastUserId === seenUserId.current) return;
    seenUserId.current = lastUserId;
    virtualizer.scrollToIndex(messagesRef.current.length - 1, { align: "end" });
  }, [lastUserId]);

  // A search result opens the conversation at its message.
  useJumpToMessage(
    messages.map((message) => message.id),
    (index) => virtualizer.scrollToIndex(index, { align: "center" }),
    (id) => scrollRef.current?.querySelector(`[data-message-id="${CSS.escape(id)}"]`) ?? null,
  );

  // Whether the reader is at the newest message; kept up to date by scrolling.
  const atBottom = useRef(true);

  // Older history loads in behind the newest page and is put in front of the list: a reader at the
  // newest message stays there.
  const firstId = messages[0]?.id;
  const seenFirstId = useRef(firstId);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when older messages are put in front
  useLayoutEffect(() => {
    const prepended = seenFirstId.current !== undefined && firstId !== seenFirstId.current;
    seenFirstId.current = firstId;
    if (prepended && atBottom.current) {
      virtualizer.scrollToIndex(messagesRef.current.length - 1, { align: "end" });
    }
  }, [firstId]);

  // A panel opening under the list (a question from the agent) shrinks it: a reader at the bottom
  // stays at the bottom.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the scroller exists only with messages
  useEffect(() => {
    const element = scrollRef.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const onScroll = () => {
      atBottom.current =
        element.scrollHeight - element.scrollTop - element.clientHeight <= bottomThreshold;
    };
    const observer = new ResizeObserver(() => {
      if (atBottom.current) element.scrollTop = element.scrollHeight;
    });
    element.addEventListener("scroll", onScroll, { passive: true });
    observer.observe(element);
    return () => {
      element.removeEventListener("scroll", onScroll);
      observer.disconnect();
    };
  }, [hasMessages]);

  // A streaming reply's row is measured as soon as it grew, in the commit of the draw (which runs
  // in a task before the frame, see createPacedFrames): following the end then scrolls before
  // the frame, whose scroll event is handled in that same frame. Left to the virtualizer's
  // resize observer (after layout, in the frame) the scroll came too late for that frame's scroll
  // event, which took one more frame per draw. The size is the one the observer reports (its
  // border box, rounded), so the observer finds nothing left to change.
  //
  // The row keeps room to grow into (reservedHeight): its size, and so the list's height and the
  // scroll that follows the end, change once every few lines instead of on every draw. The room
  // is given back when the reply stops streaming.
  const streamingIndex = lastStreamingIndex(messages);
  const streamingId = streamingIndex >= 0 ? messages[streamingIndex]?.id : undefined;
  const roomyRow = useRef<HTMLElement | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of the messages
  useLayoutEffect(() => {
    if (streamingIndex < 0) return;
    const row = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${streamingIndex}"]`);
    const content = row?.firstElementChild;
    if (!row || !(content instanceof HTMLElement)) return;
    const contentHeight = content.getBoundingClientRect().height;
    // (No layout, as in jsdom, gives 0: the observer's measuring is left to do its work then.)
    if (contentHeight <= 0) return;
    const style = getComputedStyle(row);
    const natural = Math.round(
      contentHeight + parseFloat(style.paddingTop) + parseFloat(style.paddingBottom),
    );
    // Room is kept only once the list scrolls: while everything fits there is no end to follow,
    // and a row taller than its content there kept the virtualizer re-aiming its scroll to the
    // end on every frame (a loop of animation frames until the list overflowed).
    const scroller = scrollRef.current as HTMLElement;
    const roomy = row.style.minHeight !== "" || scroller.scrollHeight > scroller.clientHeight;
    const height = roomy ? reservedHeight(natural) : natural;
    if (roomy) {
      const minHeight = `${height}px`;
      if (row.style.minHeight !== minHeight) row.style.minHeight = minHeight;
      roomyRow.current = row;
    }
    virtualizer.resizeItem(streamingIndex, height);
  }, [messages, streamingIndex]);
  // When the reply stops streaming (or another starts), its row gives the room back; the
  // virtualizer's observer measures its real height then.
  useLayoutEffect(() => {
    if (streamingId === undefined) return;
    return () => {
      if (roomyRow.current) roomyRow.current.style.minHeight = "";
      roomyRow.current = null;
    };
  }, [streamingId]);

  if (!hasMessages) return <div className="min-h-0 flex-1 overflow-y-auto">{empty}</div>;

  const streaming = streamingIndex >= 0;
  return (
    <div
      ref={scrollRef}
      role="log"
      aria-label="Messages"
      aria-busy={streaming}
      className="min-h-0 flex-1 overflow-y-auto [overflow-anchor:none]"
    >
      <div className="relative w-full" ref={virtualizer.containerRef}>
        {virtualizer.getVirtualItems().map((row) => {
          const message = messages[row.index];
          if (!message) return null;
          return (
            <div
              key={row.key}
              data-index={row.index}
              data-message-id={message.id}
              ref={virtualizer.measureElement}
              // Containment keeps a growing reply's layout and paint work inside its own row.
              className="absolute top-0 left-0 w-full px-4 py-2 [contain:content] data-[jumped]:bg-primary-500/10 sm:px-6"
            >
              <MessageItem
                message={message}
                agentName={message.agentName ?? authorOf?.(message)}
                debugMode={debugMode}
                onSendMessage={onSendMessage}
                onOpenToolCall={onOpenToolCall}
                branch={branchOf?.[message.id]}
                actions={actions}
                editing={message.id === editingId}
                busy={streaming}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}
