/** Core spec §2.1: a connection-level failure of the agent client replaces the chat view. */
export function ConnectionErrorView({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center"
    >
      <h2 className="text-lg font-semibold text-red-300">Connection Error</h2>
      <p className="max-w-md text-sm text-neutral-300">{message}</p>
    </div>
  );
}
