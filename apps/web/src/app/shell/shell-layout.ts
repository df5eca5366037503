/** Breakpoints of the shell in px (tools spec §9): tablet from 768, desktop from 1024. */
export const shellBreakpoints = { tablet: 768, desktop: 1024 } as const;

/**
 * Matches tablet and desktop widths, where the side columns show; below it the phone layout
 * with drawers applies. Kept in step with the `min-[768px]:` classes of the shell.
 */
export const columnsQuery = `(min-width: ${shellBreakpoints.tablet}px)`;
