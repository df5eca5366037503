/** Three pulsing dots while an agent is answering and no text has arrived yet. */
export function TypingIndicator() {
  return (
    <div role="status" aria-label="Agent is typing" className="flex items-center gap-1 py-2">
      {[0, 150, 300].map((delay) => (
        <span
          key={delay}
          aria-hidden="true"
          className="size-2 animate-pulse rounded-full bg-neutral-400"
          style={{ animationDelay: `${delay}ms` }}
        />
      ))}
    </div>
  );
}
