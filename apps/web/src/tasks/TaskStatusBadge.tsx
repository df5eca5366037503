import { taskStateLabel } from "@a2a-chat/contracts";

const colours: Record<string, string> = {
  submitted: "border-sky-500/40 bg-sky-500/10 text-sky-300",
  working: "border-primary-500/40 bg-primary-500/10 text-primary-300",
  "input-required": "border-yellow-500/40 bg-yellow-500/10 text-yellow-300",
  "auth-required": "border-violet-500/40 bg-violet-500/10 text-violet-300",
  completed: "border-green-500/40 bg-green-500/10 text-green-300",
  failed: "border-red-500/40 bg-red-500/10 text-red-300",
  rejected: "border-red-500/40 bg-red-500/10 text-red-300",
  canceled: "border-neutral-500/40 bg-neutral-500/10 text-neutral-300",
};
const unknownColour = "border-neutral-600/40 bg-neutral-700/20 text-neutral-400";

/** The Tailwind colour classes of a task state (unknown states are grey). */
export function taskStateColour(state: string): string {
  return colours[state] ?? unknownColour;
}

/**
 * A task's state as a coloured pill with its label (core spec §4); `wrap` lets a long label
 * ('Authentication Required') take two lines where room is short.
 */
export function TaskStatusBadge({ state, wrap = false }: { state: string; wrap?: boolean }) {
  const shape = wrap ? "rounded-xl leading-tight" : "whitespace-nowrap rounded-full";
  return (
    <span
      data-state={state}
      className={`inline-flex items-center ${shape} border px-2 py-0.5 text-xs font-medium ${taskStateColour(state)}`}
    >
      {taskStateLabel(state)}
    </span>
  );
}
