import type { ElicitationAnswer, McpRequest } from "@a2a-chat/contracts";
import { useMemo } from "react";
import { Modal } from "../../agents/Modal.js";
import { Button } from "../../lib/Button.js";
import { ElicitationButtons } from "./ElicitationButtons.js";
import { ElicitationForm, elicitationFormOk } from "./ElicitationForm.js";
import { requestTexts } from "./request-texts.js";

/**
 * A server's form-mode elicitation in a dialog: its fields (see ElicitationForm) with Accept,
 * Decline and Cancel (Escape and the backdrop cancel too).
 */
export function ElicitationDialog({
  request,
  onAnswer,
  busy,
}: {
  request: McpRequest;
  onAnswer: (answer: ElicitationAnswer) => void;
  busy: boolean;
}) {
  const ok = useMemo(() => elicitationFormOk(request), [request]);
  const message = typeof request.params.message === "string" ? request.params.message : "";
  const title = requestTexts.elicitationTitle(request.server_name);
  return (
    <Modal
      open
      onClose={() => onAnswer({ action: "cancel" })}
      size="lg"
      title={title}
      footer={
        <ElicitationButtons busy={busy} onAnswer={onAnswer}>
          <Button type="submit" form="elicitation-form" disabled={busy || !ok}>
            {requestTexts.accept}
          </Button>
        </ElicitationButtons>
      }
    >
      {message ? <p className="mb-4 text-sm text-neutral-300">{message}</p> : null}
      <ElicitationForm
        request={request}
        formId="elicitation-form"
        label={title}
        onAnswer={onAnswer}
      />
    </Modal>
  );
}
