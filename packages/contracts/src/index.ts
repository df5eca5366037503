export * from "./auth.js";
export * from "./errors.js";
export * from "./health.js";
export * from "./scopes.js";
