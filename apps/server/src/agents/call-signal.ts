/**
 * A signal for one call that follows the turn's signal only while the call runs. The MCP SDK
 * keeps its abort listener on a request's signal after the answer came: handed the turn's own
 * signal, every call added a listener that stayed for the whole turn, and a turn stopped later
 * sent `notifications/cancelled` for calls long answered. `release` (once the call settled) cuts
 * the link, so only a stop during the call reaches it.
 */
export function callSignal(turn: AbortSignal | undefined): {
  signal: AbortSignal;
  release: () => void;
} {
  const call = new AbortController();
  if (!turn) return { signal: call.signal, release: () => {} };
  if (turn.aborted) {
    call.abort(turn.reason);
    return { signal: call.signal, release: () => {} };
  }
  const follow = () => call.abort(turn.reason);
  turn.addEventListener("abort", follow, { once: true });
  return { signal: call.signal, release: () => turn.removeEventListener("abort", follow) };
}
