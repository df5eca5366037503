import type { McpRequest, SamplingAnswer } from "@a2a-chat/contracts";
import { useState } from "react";
import { Modal } from "../../agents/Modal.js";
import { Button } from "../../lib/Button.js";
import { inputClass } from "../forms/FormField.js";
import { requestTexts } from "./request-texts.js";
import { approval, samplingView } from "./sampling-request.js";

/**
 * A server's sampling request for the user to review: its messages, system prompt and token
 * limit (all editable) and its model preferences. Approve runs it on this site's model; Deny
 * (and Escape) refuses it. Nothing runs without the user.
 */
export function SamplingDialog({
  request,
  onAnswer,
  busy,
}: {
  request: McpRequest;
  onAnswer: (answer: SamplingAnswer) => void;
  busy: boolean;
}) {
  const [view, setView] = useState(() => samplingView(request.params));
  const deny = () => onAnswer({ action: "deny" });
  return (
    <Modal
      open
      onClose={deny}
      size="lg"
      title={requestTexts.samplingTitle(request.server_name)}
      footer={
        <>
          <Button variant="secondary" disabled={busy} onClick={deny}>
            {requestTexts.deny}
          </Button>
          <Button disabled={busy} onClick={() => onAnswer(approval(view))}>
            {requestTexts.approve}
          </Button>
        </>
      }
    >
      <p className="mb-4 text-sm text-neutral-400">{requestTexts.samplingNote}</p>
      <div className="space-y-4">
        {view.messages.map((message, index) => (
          <label key={message.key} className="block text-sm text-neutral-300">
            {requestTexts.message(index, message.role)}
            <textarea
              className={`${inputClass} mt-1 min-h-20`}
              value={message.text}
              onChange={(event) => {
                const text = event.target.value;
                setView((current) => ({
                  ...current,
                  messages: current.messages.map((m, i) => (i === index ? { ...m, text } : m)),
                }));
              }}
            />
          </label>
        ))}
        <label className="block text-sm text-neutral-300">
          {requestTexts.systemPrompt}
          <textarea
            className={`${inputClass} mt-1`}
            value={view.systemPrompt}
            onChange={(event) => setView({ ...view, systemPrompt: event.target.value })}
          />
        </label>
        <label className="block text-sm text-neutral-300">
          {requestTexts.maxTokens}
          <input
            type="number"
            min={1}
            className={`${inputClass} mt-1`}
            value={view.maxTokens}
            onChange={(event) => setView({ ...view, maxTokens: Number(event.target.value) || 1 })}
          />
        </label>
        <div className="text-sm text-neutral-300">
          {requestTexts.modelPreferences}
          <p className="mt-1 font-mono text-xs text-neutral-400">
            {view.preferences.length > 0
              ? view.preferences.join(" · ")
              : requestTexts.noPreferences}
          </p>
        </div>
      </div>
    </Modal>
  );
}
