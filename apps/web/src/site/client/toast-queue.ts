/** Where a client error came from (tools spec §3). */
export type ErrorSource = "uncaught" | "unhandledRejection";

/** A client error notice (tools spec §3): message, optional stack, timestamp, source, id. */
export interface ClientErrorNotice {
  id: string;
  message: string;
  stack?: string;
  timestamp: number;
  source: ErrorSource;
}

/** A notice on screen: how often it repeated and whether its details are open. */
export interface Toast extends ClientErrorNotice {
  count: number;
  expanded: boolean;
}

/** Auto-dismiss delay of an error toast (tools spec §9). */
export const toastAutoDismissMs = 5000;
/** Toasts shown at once; the oldest goes when another arrives. */
export const maxToasts = 3;

interface Timers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * The same error as a reader sees it: same kind and message. The stack is not compared: the same
 * failure thrown again from another call (another line, another script run) differs only there,
 * and two toasts with one text read as one error shown twice. The toast keeps the first stack.
 */
function sameError(a: ClientErrorNotice, b: ClientErrorNotice): boolean {
  return a.source === b.source && a.message === b.message;
}

/**
 * The error toasts' state: each toast leaves after 5 s unless its details are expanded, which
 * stops its timer; it can be dismissed by hand; an error identical to one on screen is counted
 * on that toast (and its timer restarts) instead of stacking another.
 */
export class ToastQueue {
  private toasts: Toast[] = [];
  private readonly timers = new Map<string, unknown>();

  constructor(
    private readonly onChange: (toasts: readonly Toast[]) => void,
    private readonly clock: Timers = realTimers,
  ) {}

  /** The toasts on screen, oldest first. */
  list(): readonly Toast[] {
    return this.toasts;
  }

  /** Shows a notice, or counts it on an identical one; returns the toast that shows it. */
  report(notice: ClientErrorNotice): Toast {
    const existing = this.toasts.find((toast) => sameError(toast, notice));
    if (existing) {
      this.replace(existing.id, { count: existing.count + 1, timestamp: notice.timestamp });
      if (!existing.expanded) this.startTimer(existing.id);
      return this.toasts.find((toast) => toast.id === existing.id) as Toast;
    }
    const toast: Toast = { ...notice, count: 1, expanded: false };
    this.toasts = [...this.toasts, toast];
    while (this.toasts.length > maxToasts) this.dismiss((this.toasts[0] as Toast).id, false);
    this.startTimer(toast.id);
    this.onChange(this.toasts);
    return toast;
  }

  /** Opens or closes a toast's details; opening stops its auto-dismiss for good. */
  setExpanded(id: string, expanded: boolean): void {
    if (expanded) this.stopTimer(id);
    this.replace(id, { expanded });
  }

  /** Removes a toast. */
  dismiss(id: string, notify = true): void {
    this.stopTimer(id);
    const before = this.toasts.length;
    this.toasts = this.toasts.filter((toast) => toast.id !== id);
    if (notify && this.toasts.length !== before) this.onChange(this.toasts);
  }

  private replace(id: string, change: Partial<Toast>): void {
    this.toasts = this.toasts.map((toast) => (toast.id === id ? { ...toast, ...change } : toast));
    this.onChange(this.toasts);
  }

  private startTimer(id: string): void {
    this.stopTimer(id);
    this.timers.set(
      id,
      this.clock.set(() => this.dismiss(id), toastAutoDismissMs),
    );
  }

  private stopTimer(id: string): void {
    if (!this.timers.has(id)) return;
    this.clock.clear(this.timers.get(id));
    this.timers.delete(id);
  }
}
