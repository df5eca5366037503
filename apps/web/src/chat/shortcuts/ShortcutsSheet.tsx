import { Modal } from "../../agents/Modal.js";
import { chatShortcuts, keysLabel } from "./shortcut-keys.js";

/** Whether this browser runs on a Mac, where Mod is ⌘. */
function onMac(): boolean {
  return typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);
}

/** The '?' sheet: every keyboard shortcut of the chat and what it does. */
export function ShortcutsSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const mac = onMac();
  return (
    <Modal open={open} onClose={onClose} title="Keyboard shortcuts" size="sm">
      <table className="w-full text-sm">
        <tbody>
          {chatShortcuts.map((shortcut) => (
            <tr key={shortcut.id} className="border-b border-border last:border-0">
              <td className="py-2 pr-4 text-neutral-200">{shortcut.description}</td>
              <td className="py-2 text-right">
                <kbd className="rounded border border-border bg-surface px-1.5 py-0.5 font-mono text-xs">
                  {keysLabel(shortcut.keys, mac)}
                </kbd>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}
