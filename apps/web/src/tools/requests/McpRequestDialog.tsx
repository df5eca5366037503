import type { ElicitationAnswer, SamplingAnswer } from "@a2a-chat/contracts";
import { useEffect, useState } from "react";
import { answerMcpRequest } from "../../api/mcp-requests-api.js";
import { ApiError } from "../../lib/api-error.js";
import { useAuthStore } from "../../stores/auth-store.js";
import { useMcpRequestsStore } from "../../stores/mcp-requests-store.js";
import { ElicitationDialog } from "./ElicitationDialog.js";
import { SamplingDialog } from "./SamplingDialog.js";
import { UrlElicitationDialog } from "./UrlElicitationDialog.js";

/**
 * Shows what MCP servers ask the user during tool calls (the Tools column's or an agent's), one
 * at a time, oldest first, and sends the answer. A request another tab answered, that timed out
 * or whose call ended closes by itself (the stream says so).
 */
export function McpRequestDialog() {
  const userId = useAuthStore((state) => state.userId);
  // Questions the open conversation shows in place (its agent's task waits on them) get no dialog.
  const request = useMcpRequestsStore((state) =>
    state.requests.find((r) => !state.inline.includes(r.id)),
  );
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (userId) void useMcpRequestsStore.getState().load();
  }, [userId]);

  if (!request) return null;
  const answer = async (body: ElicitationAnswer | SamplingAnswer) => {
    setBusy(true);
    setFailure(null);
    try {
      await answerMcpRequest(request.id, body);
      useMcpRequestsStore.getState().remove(request.id);
    } catch (error) {
      // Over already (answered elsewhere, timed out): nothing left to answer.
      if (error instanceof ApiError && (error.status === 409 || error.status === 404))
        useMcpRequestsStore.getState().remove(request.id);
      else setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  const shown =
    request.kind === "sampling" ? (
      <SamplingDialog key={request.id} request={request} onAnswer={answer} busy={busy} />
    ) : request.params.mode === "url" ? (
      <UrlElicitationDialog key={request.id} request={request} onAnswer={answer} busy={busy} />
    ) : (
      <ElicitationDialog key={request.id} request={request} onAnswer={answer} busy={busy} />
    );
  return (
    <>
      {shown}
      {failure ? (
        <p
          role="alert"
          className="fixed bottom-4 left-1/2 z-[60] -translate-x-1/2 rounded bg-red-950 px-4 py-2 text-sm text-red-200"
        >
          {failure}
        </p>
      ) : null}
    </>
  );
}
