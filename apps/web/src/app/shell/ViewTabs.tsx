import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";
import { type ActiveView, activeViews, useSettingsStore } from "../../stores/settings-store.js";

/** The tab label of each view of the main area. */
export const viewLabels: Record<ActiveView, string> = {
  conversation: "Conversation",
  tasks: "Tasks",
  artifacts: "Artifacts",
};

const stepKeys: Record<string, (at: number, count: number) => number> = {
  ArrowRight: (at, count) => (at + 1) % count,
  ArrowLeft: (at, count) => (at - 1 + count) % count,
  Home: () => 0,
  End: (_at, count) => count - 1,
};

/**
 * Tabs choosing the main area's view (core spec §2), stored in the settings so the choice
 * survives a reload. `children` is the chosen view's content, shown as the tab panel.
 */
export function ViewTabs({ children }: { children: ReactNode }) {
  const activeView = useSettingsStore((state) => state.activeView);
  const setActiveView = useSettingsStore((state) => state.setActiveView);
  const baseId = useId();
  const tabs = useRef<Partial<Record<ActiveView, HTMLButtonElement | null>>>({});
  const tabId = (view: ActiveView) => `${baseId}-tab-${view}`;
  const panelId = `${baseId}-panel`;

  // Arrow keys select as they move (automatic activation): switching a view is cheap.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = stepKeys[event.key];
    if (!step) return;
    event.preventDefault();
    const next = activeViews[step(activeViews.indexOf(activeView), activeViews.length)];
    if (!next) return;
    setActiveView(next);
    tabs.current[next]?.focus();
  };

  return (
    <>
      <div
        role="tablist"
        aria-label="Views"
        onKeyDown={onKeyDown}
        className="flex shrink-0 gap-1 border-b border-border px-4"
      >
        {activeViews.map((view) => {
          const selected = view === activeView;
          return (
            <button
              key={view}
              ref={(element) => {
                tabs.current[view] = element;
              }}
              type="button"
              role="tab"
              id={tabId(view)}
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              onClick={() => setActiveView(view)}
              className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium transition-colors duration-150 ${
                selected
                  ? "border-primary-500 text-neutral-100"
                  : "border-transparent text-neutral-400 hover:text-neutral-100"
              }`}
            >
              {viewLabels[view]}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(activeView)}
        className="flex min-h-0 flex-1 flex-col"
      >
        {children}
      </div>
    </>
  );
}
