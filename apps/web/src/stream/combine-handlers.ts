import type { StreamEnvelope, StreamEventType } from "@a2a-chat/contracts";
import type { StreamHandlers } from "../api/stream-event.js";

type AnyHandler = (data: unknown, envelope: StreamEnvelope) => void;

/**
 * One handler map from several: every store that follows an event type gets it, in the order the
 * maps are given. A throwing handler does not keep the others from seeing the event.
 */
export function combineHandlers(...maps: Partial<StreamHandlers>[]): StreamHandlers {
  const byType = new Map<StreamEventType, AnyHandler[]>();
  for (const map of maps) {
    for (const [type, handler] of Object.entries(map) as [StreamEventType, AnyHandler][]) {
      if (!handler) continue;
      byType.set(type, [...(byType.get(type) ?? []), handler]);
    }
  }
  const combined: Partial<Record<StreamEventType, AnyHandler>> = {};
  for (const [type, handlers] of byType) {
    combined[type] = (data, envelope) => {
      let failure: unknown;
      for (const handler of handlers) {
        try {
          handler(data, envelope);
        } catch (error) {
          failure ??= error;
        }
      }
      if (failure !== undefined) throw failure;
    };
  }
  return combined as StreamHandlers;
}
