import type { BuiltinServer } from "./builtin-server.js";
import { analyticsServer } from "./servers/analytics/analytics-server.js";
import { productServer } from "./servers/product/product-server.js";

/** Every MCP server this process can host, in registry order. */
export const builtinServers: readonly BuiltinServer[] = [analyticsServer, productServer];

/** The built-in server of that name, if any. */
export function builtinServer(name: string): BuiltinServer | undefined {
  return builtinServers.find((s) => s.name === name);
}
