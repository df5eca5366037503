/** One keystroke typed into the bench form. */
export interface KeystrokeSample {
  /** The field typed into, and which character of the text (0 = first). */
  field: string;
  index: number;
  /** readForm + visibleFields: the form read and the visible fields evaluated again. */
  validateMs: number;
  /** validateMs plus React's synchronous re-render and commit of the form for the new value. */
  totalMs: number;
}

/** What the form bench page exposes on `window.formBench`. */
export interface FormBenchApi {
  /** Compiles the schema and renders the form (commit and layout); returns ms and input count. */
  open(): { ms: number; fields: number };
  /** Types `text` one character at a time into a field, re-rendering the form after each. */
  type(name: string, text: string): KeystrokeSample[];
}
