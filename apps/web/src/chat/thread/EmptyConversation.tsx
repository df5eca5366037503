/** Description shown for an agent that has none (core spec §2.1). */
export const defaultAgentDescription = "Ready to assist you";

/** The empty conversation (core spec §2.1): the agent's name, its description and a prompt. */
export function EmptyConversation({
  agentName,
  description,
}: {
  agentName: string;
  description?: string;
}) {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-2 p-6 text-center">
      <h2 className="text-lg font-semibold text-neutral-100">{agentName}</h2>
      <p className="max-w-md text-sm text-neutral-400">
        {description?.trim() || defaultAgentDescription}
      </p>
      <p className="text-sm text-neutral-500">Say hello, or choose another agent from the menu.</p>
    </div>
  );
}
