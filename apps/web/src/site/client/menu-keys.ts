/**
 * Escape closes the website's phone menu (a <details> disclosure, which has no key of its own
 * to close) and gives the focus back to its Menu button, as a menu's keyboard users expect.
 */
export function installMenuKeys(doc: Document = document): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    const open = doc.querySelector<HTMLDetailsElement>("details.menu[open]");
    if (!open) return;
    open.open = false;
    open.querySelector<HTMLElement>("summary")?.focus();
  };
  doc.addEventListener("keydown", onKey);
  return () => doc.removeEventListener("keydown", onKey);
}
