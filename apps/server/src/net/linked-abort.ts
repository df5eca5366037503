/**
 * A controller of its own that also aborts when `outer` does (with its reason), until released.
 * For work under a longer-lived signal: an MCP tool call under its turn's (the MCP SDK keeps its
 * abort listener on a request's signal after the answer, so a turn stopped later sent
 * `notifications/cancelled` for calls long answered, and every call left a listener on the turn's
 * signal), a guarded fetch under its caller's beside its own deadline. `release` once the work
 * settled cuts the link.
 */
export function linkedAbort(outer: AbortSignal | undefined): {
  controller: AbortController;
  release: () => void;
} {
  const controller = new AbortController();
  const follow = () => controller.abort(outer?.reason);
  if (outer?.aborted) follow();
  else outer?.addEventListener("abort", follow, { once: true });
  return { controller, release: () => outer?.removeEventListener("abort", follow) };
}
