import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../lib/api-error.js";
import { UploadAborted } from "../../lib/files-api.js";
import { resetAllStores } from "../../stores/reset.js";
import { Composer, type ComposerProps, type Uploader } from "./Composer.js";

/** What the server answers for an upload of `file` into `contextId`. */
const stored = (contextId: string, file: File) => ({
  id: `id-${file.name}`,
  name: file.name,
  mime_type: file.type || "application/octet-stream",
  size: file.size,
  uri: `/api/v1/core/files/id-${file.name}`,
  created_at: new Date().toISOString(),
  contextId,
});

/** An upload that finishes at once. */
const instantUpload: Uploader = async (contextId, file, onProgress) => {
  onProgress(file.size, file.size);
  return stored(contextId, file);
};

/** Uploads the test finishes, fails or watches being stopped, one by one. */
function manualUploads() {
  const calls: {
    file: File;
    progress: (sent: number) => void;
    finish: () => void;
    fail: (error: unknown) => void;
    signal: AbortSignal;
  }[] = [];
  const upload: Uploader = (contextId, file, onProgress, signal) =>
    new Promise((resolve, reject) => {
      signal.addEventListener("abort", () => reject(new UploadAborted("stopped")));
      calls.push({
        file,
        progress: (sent) => onProgress(sent, file.size),
        finish: () => resolve(stored(contextId, file)),
        fail: reject,
        signal,
      });
    });
  return { upload, calls };
}

const linkTo = (name: string) => `${window.location.origin}/api/v1/core/files/id-${name}`;

function setup(props: Partial<ComposerProps> = {}) {
  const onSend = props.onSend ?? vi.fn();
  const onStop = props.onStop ?? vi.fn();
  const user = userEvent.setup();
  const view = render(
    <Composer
      draftKey="c1"
      onSend={onSend}
      onStop={onStop}
      streaming={false}
      disabled={false}
      upload={instantUpload}
      deleteUpload={vi.fn(async () => {})}
      {...props}
    />,
  );
  const textbox = screen.getByRole("textbox", { name: "Message" });
  return { ...view, user, onSend, onStop, textbox };
}

const sendButton = () => screen.getByRole("button", { name: "Send message" });

describe("Composer", () => {
  beforeEach(() => resetAllStores());

  it("says 'Type a message...', or 'AI is responding...' while a reply streams", () => {
    const { rerender, textbox } = setup();
    expect(textbox).toHaveAttribute("placeholder", "Type a message...");
    rerender(
      <Composer draftKey="c1" onSend={vi.fn()} onStop={vi.fn()} streaming disabled={false} />,
    );
    expect(textbox).toHaveAttribute("placeholder", "AI is responding...");
  });

  it("is between 56px and 10rem tall", () => {
    const { textbox } = setup();
    expect(textbox).toHaveClass("min-h-[56px]", "max-h-[10rem]");
  });

  it("sends the trimmed text on Enter and clears the input", async () => {
    const { user, onSend, textbox } = setup();
    await user.type(textbox, "  hello  {Enter}");
    expect(onSend).toHaveBeenCalledWith("hello", []);
    expect(textbox).toHaveValue("");
  });

  it("adds a new line on Shift+Enter without sending", async () => {
    const { user, onSend, textbox } = setup();
    await user.type(textbox, "line one{Shift>}{Enter}{/Shift}line two");
    expect(onSend).not.toHaveBeenCalled();
    expect(textbox).toHaveValue("line one\nline two");
  });

  it("does not send on Enter while an input method is composing", () => {
    const { onSend, textbox } = setup();
    fireEvent.change(textbox, { target: { value: "にほん" } });
    fireEvent.keyDown(textbox, { key: "Enter", isComposing: true });
    fireEvent.keyDown(textbox, { key: "Enter", keyCode: 229 });
    expect(onSend).not.toHaveBeenCalled();
    expect(textbox).toHaveValue("にほん");
  });

  it("disables send when the text is blank and there are no files", async () => {
    const { user, textbox } = setup();
    expect(sendButton()).toBeDisabled();
    await user.type(textbox, "   ");
    expect(sendButton()).toBeDisabled();
    await user.type(textbox, "x");
    expect(sendButton()).toBeEnabled();
  });

  it("disables input and send when disabled, and says why", async () => {
    const { onSend, textbox } = setup({ disabled: true, disabledReason: "Waiting for the server" });
    expect(textbox).toBeDisabled();
    expect(sendButton()).toBeDisabled();
    expect(screen.getByText("Waiting for the server")).toBeInTheDocument();
    expect(textbox).toHaveAccessibleDescription("Waiting for the server");
    fireEvent.submit(screen.getByRole("form", { name: "Message input" }));
    expect(onSend).not.toHaveBeenCalled();
  });

  it("replaces send with 'Stop generating' while streaming", async () => {
    const { user, onStop, onSend, textbox } = setup({ streaming: true });
    expect(screen.queryByRole("button", { name: "Send message" })).not.toBeInTheDocument();
    await user.type(textbox, "next question{Enter}");
    expect(onSend).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Stop generating" }));
    expect(onStop).toHaveBeenCalledOnce();
  });

  it("shows the counter beyond 500 characters and warns beyond 1500", () => {
    const { textbox } = setup();
    fireEvent.change(textbox, { target: { value: "a".repeat(500) } });
    expect(screen.queryByText(/characters$/)).not.toBeInTheDocument();
    fireEvent.change(textbox, { target: { value: "a".repeat(501) } });
    expect(screen.getByText("501 characters")).not.toHaveAttribute("data-warning");
    fireEvent.change(textbox, { target: { value: "a".repeat(1500) } });
    expect(screen.getByText("1500 characters")).not.toHaveAttribute("data-warning");
    fireEvent.change(textbox, { target: { value: "a".repeat(1501) } });
    expect(screen.getByText("1501 characters")).toHaveAttribute("data-warning", "true");
    expect(screen.getByText("1501 characters")).toHaveClass("text-amber-400");
  });

  it("attaches files as chips with size, removes them, and sends files alone", async () => {
    const { user, onSend } = setup();
    const input = screen.getByLabelText("Attach files");
    await user.upload(input, [
      new File(["hello"], "a.txt", { type: "text/plain" }),
      new File([new Uint8Array(2048)], "b.bin"),
    ]);
    const chips = await screen.findByRole("list", { name: "Attached files" });
    await waitFor(() => expect(within(chips).getAllByRole("listitem")).toHaveLength(2));
    expect(within(chips).getByText("5 B")).toBeInTheDocument();
    expect(within(chips).getByText("2.00 KB")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Remove b.bin" }));
    expect(screen.queryByText("b.bin")).not.toBeInTheDocument();
    expect(sendButton()).toBeEnabled();
    await user.click(sendButton());
    expect(onSend).toHaveBeenCalledWith("", [
      { name: "a.txt", mimeType: "text/plain", size: 5, uri: linkTo("a.txt") },
    ]);
    expect(screen.queryByRole("list", { name: "Attached files" })).not.toBeInTheDocument();
  });

  it("has an Attach button hidden on small screens that opens the file picker", async () => {
    const { user } = setup();
    const attach = screen.getByRole("button", { name: "Attach" });
    expect(attach).toHaveClass("hidden", "sm:inline-flex");
    const input = screen.getByLabelText("Attach files") as HTMLInputElement;
    expect(input).toHaveAttribute("multiple");
    const click = vi.spyOn(input, "click");
    await user.click(attach);
    expect(click).toHaveBeenCalled();
  });

  it("keeps text and files when sending fails", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const onSend = vi.fn().mockRejectedValue(new Error("offline"));
    const { user, textbox } = setup({ onSend });
    await user.upload(screen.getByLabelText("Attach files"), new File(["x"], "keep.txt"));
    await screen.findByText("keep.txt");
    await user.type(textbox, "do not lose me{Enter}");
    await waitFor(() => expect(onSend).toHaveBeenCalled());
    expect(textbox).toHaveValue("do not lose me");
    expect(screen.getByText("keep.txt")).toBeInTheDocument();
    expect(sendButton()).toBeEnabled();
    warn.mockRestore();
  });

  it("does not send twice while a send is in flight", async () => {
    let finish: () => void = () => {};
    const onSend = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user, textbox } = setup({ onSend });
    await user.type(textbox, "once{Enter}");
    await user.type(textbox, "{Enter}");
    expect(onSend).toHaveBeenCalledTimes(1);
    finish();
    await waitFor(() => expect(textbox).toHaveValue(""));
  });

  it("clears the input at once and keeps what is typed while the reply streams", async () => {
    let finish: () => void = () => {};
    const onSend = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user, textbox } = setup({ onSend });
    await user.upload(screen.getByLabelText("Attach files"), new File(["x"], "sent.txt"));
    await screen.findByText("sent.txt");
    await user.type(textbox, "first{Enter}");
    expect(onSend).toHaveBeenCalledWith("first", [
      { name: "sent.txt", mimeType: "application/octet-stream", size: 1, uri: linkTo("sent.txt") },
    ]);
    expect(textbox).toHaveValue("");
    expect(screen.queryByText("sent.txt")).not.toBeInTheDocument();
    await user.type(textbox, "and more");
    finish();
    await waitFor(() => expect(sendButton()).toBeEnabled());
    expect(textbox).toHaveValue("and more");
    expect(screen.queryByText("sent.txt")).not.toBeInTheDocument();
  });

  it("puts a failed message back before what was typed since", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    let fail: (error: Error) => void = () => {};
    const onSend = vi.fn(() => new Promise<void>((_resolve, reject) => (fail = reject)));
    const { user, textbox } = setup({ onSend });
    await user.type(textbox, "first{Enter}");
    expect(textbox).toHaveValue("");
    await user.type(textbox, "second");
    fail(new Error("offline"));
    await waitFor(() => expect(textbox).toHaveValue("first\nsecond"));
    warn.mockRestore();
  });

  it("keeps a draft per conversation: text and files stay with the conversation they were written in", async () => {
    const { user, textbox, rerender } = setup();
    await user.type(textbox, "for the first");
    await user.upload(screen.getByLabelText("Attach files"), new File(["x"], "first.txt"));
    await screen.findByText("first.txt");

    const other = (key: string) => (
      <Composer
        draftKey={key}
        onSend={vi.fn()}
        onStop={vi.fn()}
        streaming={false}
        disabled={false}
        upload={instantUpload}
      />
    );
    rerender(other("c2"));
    expect(textbox).toHaveValue("");
    expect(screen.queryByText("first.txt")).not.toBeInTheDocument();
    expect(sendButton()).toBeDisabled();
    await user.type(textbox, "for the second");

    rerender(other("c1"));
    expect(textbox).toHaveValue("for the first");
    expect(screen.getByText("first.txt")).toBeInTheDocument();
    rerender(other("c2"));
    expect(textbox).toHaveValue("for the second");
  });

  it("puts a failed message back into its own conversation after the user moved on", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    let fail: (error: Error) => void = () => {};
    const onSend = vi.fn(() => new Promise<void>((_resolve, reject) => (fail = reject)));
    const { user, textbox, rerender } = setup({ onSend });
    await user.type(textbox, "first{Enter}");
    const view = (key: string) => (
      <Composer
        draftKey={key}
        onSend={onSend}
        onStop={vi.fn()}
        streaming={false}
        disabled={false}
      />
    );
    rerender(view("c2"));
    fail(new Error("offline"));
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(textbox).toHaveValue("");
    rerender(view("c1"));
    expect(textbox).toHaveValue("first");
    warn.mockRestore();
  });

  it("says the per-file limit once a file is attached, and refuses a file over it with the sizes", async () => {
    const upload = vi.fn(instantUpload);
    const { user } = setup({ attachmentLimit: 2048, upload });
    const note =
      "Files are uploaded to this server: up to 2.00 KB each. This site's agents read them here; agents you added by URL are sent a copy.";
    expect(screen.getByRole("button", { name: "Attach" })).toHaveAttribute("title", note);
    expect(screen.queryByText(note)).not.toBeInTheDocument();
    await user.upload(screen.getByLabelText("Attach files"), [
      new File([new Uint8Array(1500)], "fits.bin"),
      new File([new Uint8Array(2049)], "big.bin"),
    ]);
    await screen.findByText("fits.bin");
    expect(screen.getByRole("alert")).toHaveTextContent(
      "big.bin (2.00 KB) is too large: files can be up to 2.00 KB each.",
    );
    // Refused before any byte went out.
    expect(upload).toHaveBeenCalledTimes(1);
    expect(screen.queryByText("big.bin", { selector: "span" })).not.toBeInTheDocument();
    expect(screen.getByText(note)).toBeVisible();
    // The limit is per file: another file as large as the first still fits.
    await user.upload(
      screen.getByLabelText("Attach files"),
      new File([new Uint8Array(2048)], "small.bin"),
    );
    await screen.findByText("small.bin");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("shows each upload's progress and sends only once every file is uploaded", async () => {
    const { upload, calls } = manualUploads();
    const { user, onSend, textbox } = setup({ upload });
    await user.upload(
      screen.getByLabelText("Attach files"),
      new File([new Uint8Array(4000)], "big.log"),
    );
    await user.type(textbox, "read this");
    expect(screen.getByText("Uploading 0%")).toBeInTheDocument();
    expect(sendButton()).toBeDisabled();
    act(() => calls[0]?.progress(1000));
    expect(screen.getByText("Uploading 25%")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Uploading big.log" })).toHaveAttribute(
      "aria-valuenow",
      "25",
    );
    await user.keyboard("{Enter}");
    expect(onSend).not.toHaveBeenCalled();
    await act(async () => calls[0]?.finish());
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
    expect(screen.queryByText(/Uploading/)).not.toBeInTheDocument();
    await user.click(sendButton());
    expect(onSend).toHaveBeenCalledWith("read this", [
      { name: "big.log", mimeType: "application/octet-stream", size: 4000, uri: linkTo("big.log") },
    ]);
  });

  it("says why an upload failed, in the server's words or as a lost connection", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { upload, calls } = manualUploads();
    const { user } = setup({ upload });
    await user.upload(screen.getByLabelText("Attach files"), [
      new File(["x"], "a.txt"),
      new File(["y"], "b.txt"),
    ]);
    await act(async () =>
      calls[0]?.fail(new ApiError("Network error. Please check your connection and try again.", 0)),
    );
    await act(async () =>
      calls[1]?.fail(
        new ApiError(
          "Storage limit reached: your conversations can hold at most 100 bytes. Delete conversations to free space.",
          409,
        ),
      ),
    );
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent(
      "a.txt could not be uploaded: the connection failed. Check your connection and try again.",
    );
    expect(alert).toHaveTextContent(
      "b.txt could not be uploaded: Storage limit reached: your conversations can hold at most 100 bytes. Delete conversations to free space.",
    );
    expect(screen.queryByRole("list", { name: "Attached files" })).not.toBeInTheDocument();
    warn.mockRestore();
  });

  it("stops an upload when its file is removed, and deletes a finished one", async () => {
    const { upload, calls } = manualUploads();
    const deleteUpload = vi.fn(async () => {});
    const { user } = setup({ upload, deleteUpload });
    await user.upload(screen.getByLabelText("Attach files"), [
      new File(["x"], "slow.txt"),
      new File(["y"], "done.txt"),
    ]);
    await act(async () => calls[1]?.finish());
    await user.click(screen.getByRole("button", { name: "Remove slow.txt" }));
    expect(calls[0]?.signal.aborted).toBe(true);
    await user.click(screen.getByRole("button", { name: "Remove done.txt" }));
    expect(deleteUpload).toHaveBeenCalledWith("id-done.txt");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
