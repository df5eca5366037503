/** Shown instead of the message input when no agent is selected (core spec §2.1). */
export function NoAgentNotice() {
  return (
    <p className="border-t border-border px-6 py-4 text-center text-sm text-neutral-400">
      Select an agent from the sidebar to send messages.
    </p>
  );
}
