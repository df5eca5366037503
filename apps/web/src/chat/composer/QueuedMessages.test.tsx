import { act, render, renderHook, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { resetAllStores } from "../../stores/reset.js";
import { useChatStore } from "../engine/chat-store.js";
import { Composer } from "./Composer.js";
import { useDraftsStore } from "./drafts-store.js";
import { queuedLabel } from "./QueuedMessages.js";
import { useQueuedStore } from "./queued-store.js";
import { useQueuedSends } from "./useQueuedSends.js";

const uploadedFile = {
  key: "k1",
  name: "plan.txt",
  mimeType: "text/plain",
  size: 9,
  sent: 9,
  uploaded: { id: "f1", uri: "/api/v1/core/files/f1" },
};

function renderComposer(streaming: boolean, deleteUpload = vi.fn(async () => {})) {
  const onSend = vi.fn();
  const view = render(
    <Composer
      draftKey="c1"
      onSend={onSend}
      onStop={vi.fn()}
      streaming={streaming}
      disabled={false}
      deleteUpload={deleteUpload}
    />,
  );
  return {
    ...view,
    onSend,
    deleteUpload,
    textbox: screen.getByRole("textbox", { name: "Message" }),
  };
}

describe("queueing while a reply streams", () => {
  beforeEach(() => resetAllStores());

  it("Enter queues the message: the box empties and the message shows as queued", async () => {
    const { textbox, onSend } = renderComposer(true);
    await userEvent.type(textbox, "  next question  {Enter}");
    expect(onSend).not.toHaveBeenCalled();
    expect(textbox).toHaveValue("");
    const list = screen.getByRole("region", { name: "Queued messages" });
    expect(within(list).getByText(queuedLabel)).toBeInTheDocument();
    expect(within(list).getByText("next question")).toBeInTheDocument();
    expect(useQueuedStore.getState().queue.map((m) => m.draft.text)).toEqual(["next question"]);
  });

  it("Enter sends at once when no reply streams (nothing is queued)", async () => {
    const { textbox, onSend } = renderComposer(false);
    await userEvent.type(textbox, "now{Enter}");
    expect(onSend).toHaveBeenCalledWith("now", []);
    expect(useQueuedStore.getState().queue).toEqual([]);
  });

  it("a queued message can be removed; its uploaded files are deleted", async () => {
    useDraftsStore.getState().addFile("c1", uploadedFile);
    const { textbox, deleteUpload } = renderComposer(true);
    await userEvent.type(textbox, "with a file{Enter}");
    expect(screen.getByText("1 file")).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole("button", { name: "Remove queued message: with a file" }),
    );
    expect(screen.queryByRole("region", { name: "Queued messages" })).not.toBeInTheDocument();
    expect(useQueuedStore.getState().queue).toEqual([]);
    expect(deleteUpload).toHaveBeenCalledWith("f1");
  });
});

describe("useQueuedSends", () => {
  beforeEach(() => resetAllStores());
  const ended = { streaming: false, sending: false, blocked: false };

  it("sends the queued messages one by one, each after the reply before it ended", () => {
    useQueuedStore.getState().add("c1", { text: "first", files: [] });
    useQueuedStore.getState().add("c1", { text: "second", files: [uploadedFile] });
    // As the chat's send does: the store says a send is in flight from the moment it starts.
    useChatStore.setState({ sending: true });
    const send = vi.fn(async () => useChatStore.setState({ sending: true }));
    renderHook(() =>
      useQueuedSends(
        "c1",
        { streaming: false, sending: useChatStore((state) => state.sending), blocked: false },
        send,
      ),
    );
    expect(send).not.toHaveBeenCalled();
    act(() => useChatStore.setState({ sending: false }));
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenLastCalledWith("first", []);
    // The first one's reply is under way; the second waits for its end.
    expect(useQueuedStore.getState().queue.map((m) => m.draft.text)).toEqual(["second"]);
    act(() => useChatStore.setState({ sending: false }));
    expect(send).toHaveBeenCalledTimes(2);
    expect(send).toHaveBeenLastCalledWith("second", [
      {
        name: "plan.txt",
        mimeType: "text/plain",
        size: 9,
        uri: `${window.location.origin}/api/v1/core/files/f1`,
      },
    ]);
    expect(useQueuedStore.getState().queue).toEqual([]);
  });

  it("puts a queued message that cannot be sent back into its conversation's box", async () => {
    useQueuedStore.getState().add("c1", { text: "refused", files: [] });
    useDraftsStore.getState().setText("c1", "typed since");
    const send = vi.fn(async () => {
      throw new Error("Failed to send message");
    });
    renderHook(() => useQueuedSends("c1", ended, send));
    await act(async () => {});
    expect(useDraftsStore.getState().drafts.c1?.text).toBe("refused\ntyped since");
    expect(useQueuedStore.getState().queue).toEqual([]);
  });
});
