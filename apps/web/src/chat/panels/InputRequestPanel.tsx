import { type ElicitationAnswer, type McpRequest, taskStateLabels } from "@a2a-chat/contracts";
import { type KeyboardEvent, useEffect, useId, useState } from "react";
import { Button } from "../../lib/Button.js";
import { logger } from "../../lib/logger.js";
import { useMcpRequestsStore } from "../../stores/mcp-requests-store.js";
import { ElicitationButtons } from "../../tools/requests/ElicitationButtons.js";
import { ElicitationForm } from "../../tools/requests/ElicitationForm.js";
import { answerSummary, requestTexts } from "../../tools/requests/request-texts.js";
import type { PendingRequest } from "../model/chat-types.js";

/** Props of the input-request panel. */
export interface InputRequestPanelProps {
  request: PendingRequest;
  /**
   * Answers the task with the trimmed, non-empty text (and a form's answer as data); throwing
   * keeps the text.
   */
  onRespond(taskId: string, text: string, data?: ElicitationAnswer): Promise<void> | void;
  /** The MCP server's form the task waits on (its tool call elicits), shown in place. */
  question?: McpRequest;
}

/**
 * The agent's question while a task waits for input (core spec §2.1, §5): the answer is trimmed
 * and must not be empty. When the task waits on an MCP server's form, the form is shown here
 * (no dialog) and its Accept, Decline or Cancel answer the task; a typed answer still works.
 */
export function InputRequestPanel({ request, onRespond, question }: InputRequestPanelProps) {
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const titleId = useId();
  const answer = text.trim();
  const canRespond = answer !== "" && !sending;
  const questionId = question?.id;
  useEffect(() => {
    if (!questionId) return;
    const { showInline } = useMcpRequestsStore.getState();
    showInline(questionId, true);
    return () => showInline(questionId, false);
  }, [questionId]);

  const answerForm = async (reply: ElicitationAnswer) => {
    if (sending) return;
    setSending(true);
    try {
      await onRespond(request.taskId, answerSummary(reply), reply);
    } catch (error) {
      logger.warn("Answering the form failed", error);
    } finally {
      setSending(false);
    }
  };

  const respond = async () => {
    if (!canRespond) return;
    setSending(true);
    try {
      await onRespond(request.taskId, answer);
      setText("");
    } catch (error) {
      logger.warn("Responding to the input request failed", error);
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey) return;
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    void respond();
  };

  return (
    <section
      aria-labelledby={titleId}
      className="mx-4 mb-2 flex flex-col gap-2 rounded-md border border-primary-700/60 bg-primary-500/10 p-3 text-sm sm:mx-6"
    >
      <h2 id={titleId} className="font-semibold text-primary-300">
        {taskStateLabels["input-required"]}
      </h2>
      <p className="whitespace-pre-wrap text-neutral-100">{request.message}</p>
      {question ? (
        <div className="flex flex-col gap-3 rounded-md border border-border bg-surface-raised p-3">
          {typeof question.params.message === "string" &&
          !request.message.includes(question.params.message) ? (
            <p className="text-neutral-200">{question.params.message}</p>
          ) : null}
          <div className="max-h-[45vh] overflow-y-auto pr-1">
            <ElicitationForm
              key={question.id}
              request={question}
              formId={`elicitation-${question.id}`}
              label={requestTexts.elicitationTitle(question.server_name)}
              onAnswer={(reply) => void answerForm(reply)}
            />
          </div>
          <div className="flex justify-end gap-2">
            <ElicitationButtons busy={sending} onAnswer={(reply) => void answerForm(reply)}>
              <Button type="submit" form={`elicitation-${question.id}`} disabled={sending}>
                {requestTexts.accept}
              </Button>
            </ElicitationButtons>
          </div>
        </div>
      ) : null}
      <form
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void respond();
        }}
      >
        <textarea
          aria-label="Your response"
          rows={2}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          className="min-h-[56px] flex-1 resize-none rounded-md border border-border bg-surface-raised px-3 py-2 text-neutral-100 focus:border-primary-500"
        />
        <button
          type="submit"
          disabled={!canRespond}
          className="rounded-md bg-primary-500 px-4 py-2 font-medium text-neutral-950 transition-colors duration-150 hover:bg-primary-400 disabled:opacity-50"
        >
          Respond
        </button>
      </form>
    </section>
  );
}
