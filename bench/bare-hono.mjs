// The baseline of the request-path bench: a bare Hono app on @hono/node-server answering a small
// JSON body, in its own process like our server. Prints its URL once it listens.
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const app = new Hono();
app.get("/json", (c) => c.json({ items: [], next_cursor: null }));
const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
  console.log(`http://127.0.0.1:${info.port}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
