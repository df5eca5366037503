// One formatter for every message: creating one per call (as toLocaleTimeString does) is slow
// enough to show while streaming. Same output as toLocaleTimeString("en-US", these options).
const timeFormat = new Intl.DateTimeFormat("en-US", {
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** A message time as the chat shows it: US 2-digit hour, minute and second (core spec §2.3). */
export function formatMessageTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return timeFormat.format(date);
}
