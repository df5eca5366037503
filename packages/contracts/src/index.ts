export * from "./auth.js";
export * from "./contexts.js";
export * from "./errors.js";
export * from "./health.js";
export * from "./scopes.js";
export * from "./stream-events.js";
