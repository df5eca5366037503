import type { HttpBindings } from "@hono/node-server";
import type { AuthContext } from "../auth/auth-context.js";
import type { Logger } from "../log/logger.js";

/** Per-request values set by middleware. */
export interface AppEnv {
  /** The Node request and response under @hono/node-server; absent in app.request() tests. */
  Bindings: Partial<HttpBindings>;
  Variables: {
    requestId: string;
    log: Logger;
    /** Parsed JSON body of an API write request; undefined when the body was empty. */
    body: unknown;
    /** The verified caller; set by requireAuth on protected routes only. */
    auth: AuthContext;
    /** The token `auth` was verified from, when it was verified before the body was read. */
    verifiedToken: string;
  };
}
