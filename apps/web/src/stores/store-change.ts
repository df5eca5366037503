import { logger } from "../lib/logger.js";

/** What a store reducer made of an incoming item: new data, a skip with its reason, or a refusal. */
export type StoreChange<Data, Reason extends string> =
  | { kind: "applied"; data: Data }
  | { kind: "skipped"; reason: Reason }
  | { kind: "invalid"; message: string };

/**
 * The data after a change: the new data when applied, else the current data; refusals are logged
 * as warnings (their message is the spec's), skips only at debug level.
 */
export function settleChange<Data, Reason extends string>(
  change: StoreChange<Data, Reason>,
  current: Data,
  what: string,
): Data {
  if (change.kind === "applied") return change.data;
  if (change.kind === "invalid") logger.warn(change.message);
  else logger.debug(`${what} change skipped (${change.reason})`);
  return current;
}
