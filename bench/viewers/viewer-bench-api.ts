/** Chart types the bench draws. */
export type BenchChartType = "line" | "bar" | "area";

/** One measured table interaction and what the table showed afterwards (to check it happened). */
export interface InteractionResult {
  /** From just before the event to after React's commit and a forced layout. */
  ms: number;
  /** The pager's 'Showing A to B of N results'. */
  showing: string;
  /** The text of the first body row. */
  firstRow: string;
  /** aria-sort of every header, in order. */
  sorts: string[];
}

/** Timings of one chart mount, all from the render call. */
export interface ChartMountResult {
  /** The synchronous React render and commit. */
  renderMs: number;
  /** Until the series' SVG elements exist and layout is done. */
  drawnMs: number;
  /** Until the frame after that (painted). */
  paintedMs: number;
  /** SVG elements drawn. */
  svgElements: number;
}

/** What the viewer bench page exposes on `window.viewerBench`. */
export interface ViewerBenchApi {
  /** Mounts a table artifact of `rows` generated rows; resolves with the mount time in ms. */
  mountTable(rows: number): number;
  /** Clicks the sort button of the column whose header reads `label`. */
  sort(label: string): Promise<InteractionResult>;
  /** Types `text` into the table's 'Search...' box (one input event). */
  search(text: string): Promise<InteractionResult>;
  /** Clicks 'Next'. */
  nextPage(): Promise<InteractionResult>;
  /** Mounts a small chart so the lazy recharts chunk is loaded; resolves with the time taken. */
  preloadChart(): Promise<number>;
  /** Mounts a chart of `points` generated points (data generated before the clock starts). */
  mountChart(type: BenchChartType, points: number): Promise<ChartMountResult>;
  /** Unmounts whatever is shown and waits for a frame. */
  clear(): Promise<void>;
}

declare global {
  interface Window {
    /** Set by bench/viewers/main.tsx once the page is ready. */
    viewerBench: ViewerBenchApi;
  }
}
