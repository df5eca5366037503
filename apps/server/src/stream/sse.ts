import type { StreamEnvelope } from "@a2a-chat/contracts";
import type { LoggedEvent } from "./event-log.js";

/** Frames one server-sent event: id (when logged), event type, and the envelope as data. */
export function formatSse(envelope: StreamEnvelope, id?: number): string {
  const idLine = id === undefined ? "" : `id: ${id}\n`;
  return `${idLine}event: ${envelope.event_type}\ndata: ${JSON.stringify(envelope)}\n\n`;
}

/**
 * Frames a logged event as formatSse frames its envelope, with the stored data text put in as
 * it is (JSON text never holds a raw line break; anything else is parsed and framed anew).
 */
export function formatLoggedSse(event: LoggedEvent): string {
  if (/[\r\n]/.test(event.data)) {
    return formatSse(
      {
        event_type: event.type,
        context_id: event.contextId,
        user_id: event.userId,
        data: JSON.parse(event.data) as unknown,
        timestamp: event.timestamp,
      },
      event.seq,
    );
  }
  const head = `{"event_type":${JSON.stringify(event.type)},"context_id":${JSON.stringify(event.contextId)},"user_id":${JSON.stringify(event.userId)}`;
  return `id: ${event.seq}\nevent: ${event.type}\ndata: ${head},"data":${event.data},"timestamp":${JSON.stringify(event.timestamp)}}\n\n`;
}

/** Parses a Last-Event-ID header into a log id; anything else is undefined (fresh snapshot). */
export function parseLastEventId(header: string | undefined): number | undefined {
  if (header === undefined || !/^\d{1,15}$/.test(header.trim())) return undefined;
  return Number(header.trim());
}
