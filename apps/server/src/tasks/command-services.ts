import type { Config } from "../config/schema.js";
import type { Db } from "../db/database.js";
import type { Logger } from "../log/logger.js";
import type { EventLog } from "../stream/event-log.js";
import type { EventNotifier } from "../stream/notifier.js";

/**
 * What commands are built from: the settings, the database, the process logger and the event
 * log their transactions write to. The service container (http/services.ts) holds these and
 * more; commands take only this, so the container's other members (the agent runs among them)
 * can use commands without an import circle.
 */
export interface CommandServices {
  config: Config;
  db: Db;
  /** The process logger, for commands that run outside a request. */
  logger: Logger;
  events: EventLog;
  notifier: EventNotifier;
}
