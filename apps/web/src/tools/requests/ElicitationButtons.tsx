import type { ElicitationAnswer } from "@a2a-chat/contracts";
import type { ReactNode } from "react";
import { Button } from "../../lib/Button.js";
import { requestTexts } from "./request-texts.js";

/** An elicitation dialog's footer: Cancel, Decline, then the mode's own accepting button. */
export function ElicitationButtons({
  busy,
  onAnswer,
  children,
}: {
  busy: boolean;
  onAnswer: (answer: ElicitationAnswer) => void;
  children: ReactNode;
}) {
  return (
    <>
      <Button variant="secondary" disabled={busy} onClick={() => onAnswer({ action: "cancel" })}>
        {requestTexts.cancel}
      </Button>
      <Button variant="secondary" disabled={busy} onClick={() => onAnswer({ action: "decline" })}>
        {requestTexts.decline}
      </Button>
      {children}
    </>
  );
}
