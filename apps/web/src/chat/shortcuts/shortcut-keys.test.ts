import { describe, expect, it } from "vitest";
import { type KeyPress, keysLabel, matchShortcut, type PressPlace } from "./shortcut-keys.js";

const press = (key: string, code: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  key,
  code,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});
const idle: PressPlace = {
  typing: false,
  emptyComposer: false,
  streaming: false,
  dialogOpen: false,
};

describe("matchShortcut", () => {
  it("knows each shortcut with Ctrl and with ⌘", () => {
    for (const mod of [{ ctrlKey: true }, { metaKey: true }]) {
      expect(matchShortcut(press("O", "KeyO", { ...mod, shiftKey: true }), idle)).toBe(
        "newConversation",
      );
      expect(matchShortcut(press("k", "KeyK", mod), idle)).toBe("search");
      expect(matchShortcut(press(":", "Semicolon", { ...mod, shiftKey: true }), idle)).toBe(
        "copyLastReply",
      );
      expect(matchShortcut(press("/", "Slash", mod), idle)).toBe("help");
    }
    expect(matchShortcut(press("Escape", "Escape", { shiftKey: true }), idle)).toBe(
      "focusComposer",
    );
  });

  it("stops only while a reply is written, and edits only from an empty message box", () => {
    expect(matchShortcut(press("Escape", "Escape"), idle)).toBeNull();
    expect(matchShortcut(press("Escape", "Escape"), { ...idle, streaming: true })).toBe("stop");
    expect(matchShortcut(press("ArrowUp", "ArrowUp"), { ...idle, typing: true })).toBeNull();
    const empty = { ...idle, typing: true, emptyComposer: true };
    expect(matchShortcut(press("ArrowUp", "ArrowUp"), empty)).toBe("editLast");
  });

  it("leaves '?' to text fields and plain keys to open dialogs", () => {
    expect(matchShortcut(press("?", "Slash", { shiftKey: true }), idle)).toBe("help");
    expect(
      matchShortcut(press("?", "Slash", { shiftKey: true }), { ...idle, typing: true }),
    ).toBeNull();
    const dialog = { ...idle, streaming: true, dialogOpen: true };
    expect(matchShortcut(press("Escape", "Escape"), dialog)).toBeNull();
    expect(matchShortcut(press("k", "KeyK", { ctrlKey: true }), dialog)).toBe("search");
    expect(matchShortcut(press("k", "KeyK", { ctrlKey: true, altKey: true }), idle)).toBeNull();
  });

  it("writes Mod as Ctrl, or ⌘ on a Mac", () => {
    expect(keysLabel("Mod+K", false)).toBe("Ctrl+K");
    expect(keysLabel("Mod+K", true)).toBe("⌘+K");
  });
});
