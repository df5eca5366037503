import { noticeFromError, noticeFromRejection, unhandledRejectionLabel } from "./error-notice.js";
import { type Toast, ToastQueue } from "./toast-queue.js";

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function detailsText(toast: Toast): string {
  const when = new Date(toast.timestamp).toISOString();
  return `${toast.stack ?? toast.message}\n\n${toast.source} at ${when}\nid ${toast.id}`;
}

/** Builds one toast; its buttons call back into the queue. */
function createToast(toast: Toast, queue: ToastQueue): HTMLElement {
  const box = element("div", "toast");
  box.setAttribute("role", "alert");
  box.dataset.toastId = toast.id;
  const label = toast.source === "unhandledRejection" ? unhandledRejectionLabel : "Error";
  const head = element("div", "toast-head");
  head.append(element("p", "toast-label", label), element("span", "toast-count"));
  const close = element("button", "toast-close", "×");
  close.type = "button";
  close.setAttribute("aria-label", "Dismiss");
  close.addEventListener("click", () => queue.dismiss(toast.id));
  head.append(close);
  const toggle = element("button", "toast-toggle");
  toggle.type = "button";
  toggle.addEventListener("click", () => {
    const current = queue.list().find((item) => item.id === toast.id);
    if (current) queue.setExpanded(toast.id, !current.expanded);
  });
  const details = element("pre", "toast-details");
  box.append(head, element("p", "toast-message", toast.message), toggle, details);
  return box;
}

function update(box: HTMLElement, toast: Toast): void {
  const count = box.querySelector(".toast-count") as HTMLElement;
  count.textContent = toast.count > 1 ? `×${toast.count}` : "";
  const toggle = box.querySelector(".toast-toggle") as HTMLButtonElement;
  toggle.textContent = toast.expanded ? "Hide details" : "Show details";
  toggle.setAttribute("aria-expanded", String(toast.expanded));
  const details = box.querySelector(".toast-details") as HTMLElement;
  details.hidden = !toast.expanded;
  details.textContent = detailsText(toast);
}

/**
 * Shows a toast for every uncaught error and unhandled promise rejection on the page (tools spec
 * §4). Returns the queue (tests and the console can reach it) and a function that uninstalls it.
 */
export function installErrorToasts(root: HTMLElement = document.body): {
  queue: ToastQueue;
  uninstall: () => void;
} {
  const region = element("section", "toast-region");
  region.setAttribute("aria-label", "Notifications");
  region.setAttribute("aria-live", "assertive");
  root.append(region);
  const shown = new Map<string, HTMLElement>();
  const queue: ToastQueue = new ToastQueue((toasts) => {
    const ids = new Set(toasts.map((toast) => toast.id));
    for (const [id, box] of shown) {
      if (ids.has(id)) continue;
      box.remove();
      shown.delete(id);
    }
    for (const toast of toasts) {
      let box = shown.get(toast.id);
      if (!box) {
        box = createToast(toast, queue);
        shown.set(toast.id, box);
        region.append(box);
      }
      update(box, toast);
    }
  });
  const onError = (event: ErrorEvent) => {
    queue.report(noticeFromError(event));
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    queue.report(noticeFromRejection(event));
  };
  window.addEventListener("error", onError);
  window.addEventListener("unhandledrejection", onRejection);
  return {
    queue,
    uninstall: () => {
      window.removeEventListener("error", onError);
      window.removeEventListener("unhandledrejection", onRejection);
      region.remove();
    },
  };
}
