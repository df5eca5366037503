import { describe, expect, it } from "vitest";
import { installMenuKeys } from "./menu-keys.js";

describe("installMenuKeys", () => {
  it("closes the open phone menu on Escape and focuses its Menu button; other keys do nothing", () => {
    const doc = document;
    doc.body.innerHTML = `<details class="menu" open><summary aria-label="Menu">≡</summary><a href="/docs">Docs</a></details>`;
    const uninstall = installMenuKeys(doc);
    const menu = doc.querySelector("details") as HTMLDetailsElement;
    const link = doc.querySelector("a") as HTMLAnchorElement;
    link.focus();
    doc.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    expect(menu.open).toBe(true);
    doc.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    expect(menu.open).toBe(false);
    expect(doc.activeElement?.getAttribute("aria-label")).toBe("Menu");
    uninstall();
    doc.body.innerHTML = "";
  });
});
