import type { StreamEnvelope } from "@a2a-chat/contracts";

/** Frames one server-sent event: id (when logged), event type, and the envelope as data. */
export function formatSse(envelope: StreamEnvelope, id?: number): string {
  const idLine = id === undefined ? "" : `id: ${id}\n`;
  return `${idLine}event: ${envelope.event_type}\ndata: ${JSON.stringify(envelope)}\n\n`;
}

/** Parses a Last-Event-ID header into a log id; anything else is undefined (fresh snapshot). */
export function parseLastEventId(header: string | undefined): number | undefined {
  if (header === undefined || !/^\d{1,15}$/.test(header.trim())) return undefined;
  return Number(header.trim());
}
