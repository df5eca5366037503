import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { Modal } from "../agents/Modal.js";
import { Button } from "../lib/Button.js";
import { toolHintTexts } from "./tool-hints.js";

/** Props of ConfirmDestructiveRun. */
export interface ConfirmDestructiveRunProps {
  tool: Pick<Tool, "name" | "title">;
  serverName: string;
  onRun: () => void;
  onBack: () => void;
}

/**
 * Asks before a tool the server marks destructive (`destructiveHint: true`) runs: Run anyway
 * runs it, Back returns to the form with the values kept.
 */
export function ConfirmDestructiveRun({
  tool,
  serverName,
  onRun,
  onBack,
}: ConfirmDestructiveRunProps) {
  const name = tool.title ?? tool.name;
  return (
    <Modal
      open
      onClose={onBack}
      title={toolHintTexts.confirmTitle(name)}
      footer={
        <>
          <Button variant="secondary" onClick={onBack}>
            {toolHintTexts.confirmBack}
          </Button>
          <Button onClick={onRun}>{toolHintTexts.confirmRun}</Button>
        </>
      }
    >
      <p role="alert" className="text-sm text-red-200">
        {toolHintTexts.confirmBody(name, serverName)}
      </p>
    </Modal>
  );
}
