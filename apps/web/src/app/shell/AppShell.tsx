import { type ReactNode, useEffect, useRef, useState } from "react";
import { Logo } from "../../lib/Logo.js";
import { Drawer } from "./Drawer.js";
import { LegalFooter } from "./LegalFooter.js";
import { MobileBottomBar, type MobilePane } from "./MobileBottomBar.js";
import { RegistryFooter } from "./RegistryFooter.js";
import { columnsQuery } from "./shell-layout.js";
import { useMediaQuery } from "./useMediaQuery.js";

/** Title of the agents drawer (tools spec §2). */
export const agentDrawerTitle = "SELECT AGENT";
/** Title of the tools drawer. */
export const toolsDrawerTitle = "TOOLS";

/** The shell's slots. */
export interface AppShellProps {
  /** Header contents on tablet and desktop, right of the logo (conversations, statuses, user). */
  header: ReactNode;
  /** The agents column; on phones, the agents drawer. */
  agents: ReactNode;
  /** The centre. */
  main: ReactNode;
  /** The tools column; on phones, the tools drawer. */
  tools: ReactNode;
  /** The user menu at the right of the phone top bar. */
  mobileUserMenu: ReactNode;
  /** A strip under the phone top bar, for what the header holds on wider screens. */
  mobileToolbar?: ReactNode;
  /**
   * When this value changes (say, the selected agent), an open drawer closes. Its first value
   * (null or undefined until known: the agents load) is not a change: a drawer opened while the
   * page still loads stays open.
   */
  closeDrawersOn?: unknown;
}

// The home page is the prerendered website, not a route of this app: a full page load.
const homeLink = (
  <a href="/" aria-label="A2A Chat home" className="flex shrink-0 items-center rounded-sm">
    <Logo compact />
  </a>
);

/**
 * The application shell (tools spec §2, core spec §9). Tablet and desktop: a 48px header over
 * three columns, 25% / 1fr / 20% from 768px and 20% (200–320px) / 1fr / 15% (160–280px) from
 * 1024px, at most 1600px wide (the minimums keep names readable; at 1024px the tools column is
 * 160px, 15.6%). Below 1280px the columns' padding is 12px, not 16px, for the same reason. Phones: a 56px top bar, the centre, a 64px bottom bar, and the
 * side columns as drawers.
 *
 * Sizes come from CSS breakpoints. Which chrome is mounted follows the same breakpoint through
 * a media query read on the first render (so nothing flashes): mounting both would put every
 * slot, with its state and requests, in the page twice.
 */
export function AppShell({
  header,
  agents,
  main,
  tools,
  mobileUserMenu,
  mobileToolbar,
  closeDrawersOn,
}: AppShellProps) {
  const columns = useMediaQuery(columnsQuery, true);
  const [pane, setPane] = useState<MobilePane>("chat");

  // Drawers exist only on phones; widening the window puts their content back in the columns.
  useEffect(() => {
    if (columns) setPane("chat");
  }, [columns]);

  const closeOn = useRef(closeDrawersOn);
  useEffect(() => {
    const previous = closeOn.current;
    closeOn.current = closeDrawersOn;
    if (previous === closeDrawersOn || previous === null || previous === undefined) return;
    setPane("chat");
  }, [closeDrawersOn]);

  const close = () => setPane("chat");

  return (
    // relative: the containing block of absolutely placed text (screen-reader labels), so that
    // nothing inside can make the document taller than the window and scroll the shell away.
    <div className="relative flex h-full flex-col overflow-hidden">
      {columns ? (
        <header className="hidden h-12 shrink-0 items-center gap-4 border-b border-border px-4 min-[768px]:flex">
          {homeLink}
          <div className="min-w-0 flex-1">{header}</div>
        </header>
      ) : (
        <>
          <header className="flex h-14 shrink-0 items-center justify-between gap-2 border-b border-border px-2 min-[768px]:hidden">
            <button
              type="button"
              onClick={() => setPane("agents")}
              aria-label="Menu"
              aria-haspopup="dialog"
              className="flex size-10 items-center justify-center rounded-md text-neutral-300 transition-colors duration-150 hover:bg-surface-raised"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="size-6"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              >
                <path d="M4 6h16M4 12h16M4 18h16" />
              </svg>
            </button>
            {homeLink}
            <div className="flex shrink-0 items-center">{mobileUserMenu}</div>
          </header>
          {mobileToolbar && (
            <div className="shrink-0 border-b border-border px-2 py-2 min-[768px]:hidden">
              {mobileToolbar}
            </div>
          )}
        </>
      )}
      <div className="mx-auto grid min-h-0 w-full max-w-[1600px] flex-1 grid-cols-1 grid-rows-[minmax(0,1fr)] min-[768px]:grid-cols-[25%_1fr_20%] min-[1024px]:grid-cols-[clamp(200px,20%,320px)_1fr_clamp(160px,15%,280px)]">
        {columns && (
          <aside
            aria-label="Agents"
            className="hidden min-h-0 flex-col border-r border-border min-[768px]:flex"
          >
            <div className="flex min-h-0 flex-1 flex-col overflow-y-auto p-3 min-[1280px]:p-4">
              {agents}
            </div>
            <LegalFooter />
          </aside>
        )}
        <main className="flex min-h-0 min-w-0 flex-col">{main}</main>
        {columns && (
          <aside
            aria-label="Tools"
            className="hidden min-h-0 flex-col border-l border-border min-[768px]:flex"
          >
            <div className="flex min-h-0 flex-1 flex-col overflow-y-auto p-3 min-[1280px]:p-4">
              {tools}
            </div>
            <RegistryFooter />
          </aside>
        )}
      </div>
      {!columns && <MobileBottomBar active={pane} onSelect={setPane} />}
      {!columns && pane === "agents" && (
        <Drawer side="left" title={agentDrawerTitle} onClose={close}>
          <div className="flex min-h-0 flex-1 flex-col overflow-y-auto p-4">{agents}</div>
          <LegalFooter />
        </Drawer>
      )}
      {!columns && pane === "tools" && (
        <Drawer side="right" title={toolsDrawerTitle} onClose={close}>
          <div className="flex min-h-0 flex-1 flex-col overflow-y-auto p-4">{tools}</div>
          <RegistryFooter />
        </Drawer>
      )}
    </div>
  );
}
