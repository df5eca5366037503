import { connect, createServer, type Socket } from "node:net";

/** A TCP relay on a port the test holds throughout, to a server that may come and go. */
export interface TcpRelay {
  /** Where the browser connects: the relay's own address. */
  url: string;
  /** Sends new connections to this port, or, with none, refuses them (reset at once). */
  target(port: number | undefined): void;
  close(): Promise<void>;
}

/**
 * Holds one address for a server that is stopped and started again. Restarting a server on its
 * old port races anything else on the machine that picks a free port meanwhile (other test files
 * start servers in parallel); the relay keeps the port, and each server gets a fresh one. While
 * no server runs, a connection is reset at once, as a browser finds a stopped server.
 */
export function startTcpRelay(): Promise<TcpRelay> {
  let upstreamPort: number | undefined;
  const open = new Set<Socket>();
  const server = createServer((client) => {
    open.add(client);
    client.on("close", () => open.delete(client));
    client.on("error", () => client.destroy());
    if (upstreamPort === undefined) {
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(upstreamPort, "127.0.0.1");
    open.add(upstream);
    upstream.on("close", () => {
      open.delete(upstream);
      client.destroy();
    });
    upstream.on("error", () => {
      if (client.writable) client.resetAndDestroy();
      upstream.destroy();
    });
    client.on("close", () => upstream.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      if (typeof address !== "object" || !address) return reject(new Error("relay has no port"));
      resolve({
        url: `http://127.0.0.1:${address.port}`,
        target: (port) => {
          upstreamPort = port;
        },
        close: () =>
          new Promise((done) => {
            for (const socket of open) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
