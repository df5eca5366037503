/** The chat's keyboard shortcuts, what they do, and which key press is which (pure). */

/** A shortcut of the chat. */
export type ShortcutId =
  | "newConversation"
  | "search"
  | "focusComposer"
  | "stop"
  | "editLast"
  | "copyLastReply"
  | "help";

/** One row of the '?' sheet: the keys as shown (Mod is Ctrl, or ⌘ on a Mac) and what they do. */
export interface ShortcutInfo {
  id: ShortcutId;
  keys: string;
  description: string;
}

/** Every shortcut, in the order the sheet lists them. */
export const chatShortcuts: readonly ShortcutInfo[] = [
  { id: "newConversation", keys: "Mod+Shift+O", description: "New conversation" },
  { id: "search", keys: "Mod+K", description: "Search conversations" },
  { id: "focusComposer", keys: "Shift+Esc", description: "Focus the message box" },
  { id: "stop", keys: "Esc", description: "Stop the reply being written" },
  { id: "editLast", keys: "↑", description: "Edit your last message (in an empty message box)" },
  { id: "copyLastReply", keys: "Mod+Shift+;", description: "Copy the last reply" },
  { id: "help", keys: "?", description: "Show these shortcuts (also Mod+/)" },
];

/** The keys of a shortcut as this platform writes them. */
export function keysLabel(keys: string, mac: boolean): string {
  return keys.replace("Mod", mac ? "⌘" : "Ctrl");
}

/** What the matcher reads of a key press. */
export interface KeyPress {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** Where the press happened, as far as shortcuts care. */
export interface PressPlace {
  /** Focus is in a text field (the message box included). */
  typing: boolean;
  /** Focus is in the message box and it is empty. */
  emptyComposer: boolean;
  /** A reply is being written in this conversation. */
  streaming: boolean;
  /** A dialog is open (its own keys win). */
  dialogOpen: boolean;
}

/** The shortcut a key press means here, if any. */
export function matchShortcut(press: KeyPress, place: PressPlace): ShortcutId | null {
  const mod = press.ctrlKey || press.metaKey;
  if (press.altKey) return null;
  if (mod && press.shiftKey && press.code === "KeyO") return "newConversation";
  if (mod && !press.shiftKey && press.code === "KeyK") return "search";
  if (mod && press.shiftKey && press.code === "Semicolon") return "copyLastReply";
  if (mod && press.code === "Slash") return "help";
  if (mod || place.dialogOpen) return null;
  if (press.key === "Escape" && press.shiftKey) return "focusComposer";
  if (press.key === "Escape" && place.streaming) return "stop";
  if (press.key === "ArrowUp" && !press.shiftKey && place.emptyComposer) return "editLast";
  if (press.key === "?" && !place.typing) return "help";
  return null;
}
