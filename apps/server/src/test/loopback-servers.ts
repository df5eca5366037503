import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";

/**
 * Plain Node HTTP servers on 127.0.0.1 for one test file. Call it at the file's top level: it
 * answers a function that starts a server for a listener and resolves with its origin
 * (`http://127.0.0.1:<port>`, no trailing slash); every server started is closed after each test,
 * its open connections cut first so a test that leaves a stream open does not hold the next.
 */
export function loopbackServers(): (listener: RequestListener) => Promise<string> {
  const servers: Server[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
  return async (listener) => {
    const server = createServer(listener);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
}
