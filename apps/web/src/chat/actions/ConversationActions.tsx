import { useRef, useState } from "react";
import { exportConversation, importConversations } from "../../api/conversations-api.js";
import { toApiError } from "../../lib/api-error.js";
import { useContextsStore } from "../../stores/contexts-store.js";
import { useSearchOpen } from "../search/search-open-store.js";
import { download, fileNameOf } from "./download.js";
import { ShareDialog } from "./ShareDialog.js";

/** Texts of the conversation's action buttons. */
export const actionTexts = {
  search: "Search",
  exportMarkdown: "Export Markdown",
  exportJson: "Export JSON",
  import: "Import",
  share: "Share",
  imported: (count: number) =>
    `Imported ${count} ${count === 1 ? "conversation" : "conversations"}`,
} as const;

const button =
  "rounded border border-border px-2 py-1 text-xs text-neutral-300 hover:bg-neutral-800";

/** Search, export, import and share, in the conversation's header. */
export function ConversationActions({ contextId, name }: { contextId: string; name: string }) {
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const [sharing, setSharing] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const fail = (failure: unknown) => setStatus({ text: toApiError(failure).message, error: true });

  const save = (format: "json" | "markdown") => {
    exportConversation(contextId, format)
      .then((blob) => download(blob, fileNameOf(name, format === "json" ? "json" : "md")))
      .catch(fail);
  };
  const importFile = async (file: File) => {
    try {
      const records = await importConversations(await file.text());
      setStatus({ text: actionTexts.imported(records.length), error: false });
      // The stream tells of them too; the list takes each once, and the first opens now.
      const contexts = useContextsStore.getState();
      for (const record of records) contexts.receiveCreated(record);
      const first = records[0];
      if (first) useContextsStore.getState().switchContext(first.context_id);
    } catch (failure) {
      fail(failure);
    }
  };

  return (
    <div className="ml-auto flex flex-wrap items-center gap-2">
      <button
        type="button"
        className={button}
        onClick={() => useSearchOpen.getState().setOpen(true)}
      >
        {actionTexts.search}
      </button>
      <button type="button" className={button} onClick={() => save("markdown")}>
        {actionTexts.exportMarkdown}
      </button>
      <button type="button" className={button} onClick={() => save("json")}>
        {actionTexts.exportJson}
      </button>
      <button type="button" className={button} onClick={() => fileInput.current?.click()}>
        {actionTexts.import}
      </button>
      <input
        ref={fileInput}
        type="file"
        accept="application/json,.json"
        aria-label="Import file"
        className="hidden"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) void importFile(file);
        }}
      />
      <button type="button" className={button} onClick={() => setSharing(true)}>
        {actionTexts.share}
      </button>
      {status && (
        <p
          role={status.error ? "alert" : "status"}
          className={`w-full text-xs ${status.error ? "text-red-400" : "text-neutral-400"}`}
        >
          {status.text}
        </p>
      )}
      <ShareDialog contextId={contextId} open={sharing} onClose={() => setSharing(false)} />
    </div>
  );
}
