import type { Logger } from "../log/logger.js";

/** Per-request values set by middleware. */
export interface AppEnv {
  Variables: {
    requestId: string;
    log: Logger;
    /** Parsed JSON body of an API write request; undefined when the body was empty. */
    body: unknown;
  };
}
