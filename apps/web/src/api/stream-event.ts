import {
  contextDeletedDataSchema,
  contextEventDataSchema,
  contextStatsDataSchema,
  type StreamEnvelope,
  type StreamEventType,
  snapshotDataSchema,
  streamEnvelopeSchema,
  streamErrorDataSchema,
  streamEventTypes,
} from "@a2a-chat/contracts";

// The data of these event types has a schema; the rest (tasks, messages…) is passed on as is
// until the features that read it exist.
const dataSchemas = {
  snapshot: snapshotDataSchema,
  context_created: contextEventDataSchema,
  context_updated: contextEventDataSchema,
  context_deleted: contextDeletedDataSchema,
  context_stats: contextStatsDataSchema,
  error: streamErrorDataSchema,
} as const;

type Schemas = typeof dataSchemas;

/** The data each stream event type carries. */
export type StreamEventData = {
  [K in StreamEventType]: K extends keyof Schemas ? ReturnType<Schemas[K]["parse"]> : unknown;
};

/** One handler per event type, each given the validated data and the whole envelope. */
export type StreamHandlers = {
  [K in StreamEventType]?: (data: StreamEventData[K], envelope: StreamEnvelope) => void;
};

/** What an SSE message turned out to be. */
export type ParsedStreamEvent =
  | { kind: "event"; envelope: StreamEnvelope }
  | { kind: "unknown-type"; type: string }
  | { kind: "invalid"; type: string; reason: string };

/** Whether a name is one of the stream's event types. */
export function isStreamEventType(type: string): type is StreamEventType {
  return (streamEventTypes as readonly string[]).includes(type);
}

function hasSchema(type: StreamEventType): type is keyof Schemas {
  return type in dataSchemas;
}

/**
 * Reads one SSE message: its `event:` name (falling back to the envelope's event_type) must be a
 * known type, and its `data:` a valid envelope whose data fits that type.
 */
export function parseStreamEvent(event: string | undefined, data: string): ParsedStreamEvent {
  if (event !== undefined && !isStreamEventType(event))
    return { kind: "unknown-type", type: event };
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return { kind: "invalid", type: event ?? "message", reason: "data is not JSON" };
  }
  const type =
    event ??
    (json && typeof json === "object" && "event_type" in json ? String(json.event_type) : "");
  if (!isStreamEventType(type)) return { kind: "unknown-type", type };
  const envelope = streamEnvelopeSchema.safeParse(json);
  if (!envelope.success) return { kind: "invalid", type, reason: envelope.error.message };
  if (envelope.data.event_type !== type) {
    return { kind: "invalid", type, reason: `envelope says ${envelope.data.event_type}` };
  }
  if (hasSchema(type)) {
    const parsed = dataSchemas[type].safeParse(envelope.data.data);
    if (!parsed.success) return { kind: "invalid", type, reason: parsed.error.message };
    return { kind: "event", envelope: { ...envelope.data, data: parsed.data } };
  }
  return { kind: "event", envelope: envelope.data };
}

/** Calls the handler registered for the envelope's type, if any. */
export function dispatchStreamEvent(handlers: StreamHandlers, envelope: StreamEnvelope): void {
  // The data was validated against this type's schema in parseStreamEvent.
  const handler = handlers[envelope.event_type] as
    | ((data: unknown, envelope: StreamEnvelope) => void)
    | undefined;
  handler?.(envelope.data, envelope);
}
