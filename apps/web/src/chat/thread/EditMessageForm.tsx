import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Button } from "../../lib/Button.js";

/** Props of the form that edits a sent message. */
export interface EditMessageFormProps {
  initialText: string;
  /** Sends the edited text as a new branch; resolves false when it was not sent. */
  onSave: (text: string) => Promise<boolean>;
  onCancel: () => void;
}

/**
 * Edits a sent message in place: Enter (or Save & send) sends the new text as a new branch from
 * this point, Escape (or Cancel) leaves the message as it was. The text stays while it is sent
 * and if the send fails.
 */
export function EditMessageForm({ initialText, onSave, onCancel }: EditMessageFormProps) {
  const [text, setText] = useState(initialText);
  const [saving, setSaving] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
  }, []);

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    if (text.trim() === "" || saving) return;
    setSaving(true);
    const sent = await onSave(text);
    setSaving(false);
    if (sent) onCancel();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    } else if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void save();
    }
  };

  return (
    <form className="flex flex-col gap-2" onSubmit={(event) => void save(event)}>
      <textarea
        ref={box}
        aria-label="Edit message"
        value={text}
        rows={Math.min(8, Math.max(2, text.split("\n").length))}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        className="w-full resize-y rounded-md border border-border bg-surface px-3 py-2 text-sm text-neutral-100"
      />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving || text.trim() === ""}>
          Save & send
        </Button>
      </div>
    </form>
  );
}
