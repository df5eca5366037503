/** What the form bench page exposes on `window.formBench`. */
export interface FormBenchApi {
  /** Compiles the schema and renders the form (commit and layout); returns ms and input count. */
  open(): { ms: number; fields: number };
  /** Types `text` one character at a time into a field; returns the ms of each re-validation. */
  type(name: string, text: string): number[];
}
