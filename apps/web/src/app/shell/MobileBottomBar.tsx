import type { ReactNode } from "react";

/** What the phone layout shows: the chat alone, or one of the two drawers over it. */
export type MobilePane = "agents" | "chat" | "tools";

const iconPaths: Record<MobilePane, ReactNode> = {
  agents: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
    </>
  ),
  chat: <path d="M4 5h16v11H9l-5 4z" />,
  tools: (
    <path d="M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z" />
  ),
};

const items: Array<{ pane: MobilePane; label: string }> = [
  { pane: "agents", label: "Agents" },
  { pane: "chat", label: "Chat" },
  { pane: "tools", label: "Tools" },
];

/** Props of the phone layout's bottom bar. */
export interface MobileBottomBarProps {
  active: MobilePane;
  onSelect: (pane: MobilePane) => void;
}

/** The phone layout's bottom bar (64px): Agents and Tools open drawers, Chat closes them. */
export function MobileBottomBar({ active, onSelect }: MobileBottomBarProps) {
  return (
    <nav
      aria-label="Sections"
      className="h-16 shrink-0 border-t border-border bg-surface min-[768px]:hidden"
    >
      <ul className="grid h-full grid-cols-3">
        {items.map(({ pane, label }) => {
          const current = pane === active;
          return (
            <li key={pane} className="flex">
              <button
                type="button"
                onClick={() => onSelect(pane)}
                aria-current={current ? "true" : undefined}
                aria-haspopup={pane === "chat" ? undefined : "dialog"}
                className={`flex flex-1 flex-col items-center justify-center gap-1 text-xs transition-colors duration-150 ${
                  current ? "text-primary-400" : "text-neutral-400 hover:text-neutral-100"
                }`}
              >
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  className="size-5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                >
                  {iconPaths[pane]}
                </svg>
                {label}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
