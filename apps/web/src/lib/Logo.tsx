/** Product mark and name; `compact` drops the name on narrow screens. */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2 whitespace-nowrap font-semibold tracking-tight">
      <img src="/favicon.svg" alt="" width={24} height={24} />
      <span className={compact ? "hidden sm:inline" : undefined}>A2A Chat</span>
    </span>
  );
}
