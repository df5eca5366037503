import type { AuthContext } from "../auth/auth-context.js";
import type { Logger } from "../log/logger.js";

/** Per-request values set by middleware. */
export interface AppEnv {
  Variables: {
    requestId: string;
    log: Logger;
    /** Parsed JSON body of an API write request; undefined when the body was empty. */
    body: unknown;
    /** The verified caller; set by requireAuth on protected routes only. */
    auth: AuthContext;
  };
}
