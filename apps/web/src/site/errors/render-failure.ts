/** What went wrong while rendering a page: the error and where in the component tree. */
export interface RenderFailure {
  message: string;
  /** The components that were rendering, innermost first. */
  componentStack: string;
  stack: string;
}

/** Describes anything thrown while rendering. */
export function describeFailure(
  error: unknown,
  componentStack: string | null | undefined,
): RenderFailure {
  const message = error instanceof Error ? error.message : String(error);
  return {
    message: message || "Unknown error",
    componentStack: (componentStack ?? "").replace(/^\n+/, "") || "(not available)",
    stack: error instanceof Error && error.stack ? error.stack : String(error),
  };
}
