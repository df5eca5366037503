/** Product mark and name. */
export function Logo() {
  return (
    <span className="inline-flex items-center gap-2 font-semibold tracking-tight">
      <img src="/favicon.svg" alt="" width={24} height={24} />
      <span>A2A Chat</span>
    </span>
  );
}
