/** A viewer's empty or error state: a short title and an optional detail line. */
export function ViewerNotice({
  title,
  detail,
  tone = "empty",
}: {
  title: string;
  detail?: string;
  tone?: "empty" | "error";
}) {
  const colors =
    tone === "error"
      ? "border-red-500/40 bg-red-500/10 text-red-200"
      : "border-border bg-surface text-neutral-400";
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-md border p-4 text-sm ${colors}`}
    >
      <p className="font-medium">{title}</p>
      {detail && detail !== title ? <p className="mt-1 opacity-80">{detail}</p> : null}
    </div>
  );
}
