import { ConfigError, loadConfig } from "./config/load.js";
import { createLogger, type Logger } from "./log/logger.js";
import { startServer } from "./server.js";

/** The address to open in a browser: PUBLIC_URL, else this host and port (any-address → localhost). */
function openUrl(config: ReturnType<typeof loadConfig>, port: number): string {
  if (config.server.publicUrl) return config.server.publicUrl.replace(/\/+$/, "");
  const host = config.server.host;
  // Loopback and wildcard addresses print as localhost: browsers accept passkeys on localhost,
  // never on a bare IP address.
  const local = ["0.0.0.0", "::", "", "127.0.0.1", "::1"];
  const name = local.includes(host) ? "localhost" : host;
  return `http://${name.includes(":") ? `[${name}]` : name}:${port}`;
}

/**
 * Exits once the log's last lines are out. The logger writes to stdout asynchronously, and a line
 * still being written when the process exits is lost: under load the closing "shutdown complete"
 * went missing (main.test.ts saw it twice on a slow machine).
 */
function exitAfterLog(logger: Logger, code: number): void {
  logger.flush(() => process.exit(code));
}

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const logger = createLogger(config.log.level);
  let running: Awaited<ReturnType<typeof startServer>>;
  try {
    running = await startServer(config, logger);
  } catch (error) {
    logger.fatal({ err: error }, "server failed to start");
    exitAfterLog(logger, 1);
    return;
  }
  // Whatever the log level, say where to go: the first line a person running `npm start` needs.
  const url = openUrl(config, running.port);
  process.stdout.write(`\nA2A Chat is running at ${url}  (chat: ${url}/chat)\n\n`);

  const stop = (signal: NodeJS.Signals) => {
    logger.info({ signal }, "signal received");
    running.close().then(
      () => exitAfterLog(logger, 0),
      (error: unknown) => {
        logger.error({ err: error }, "shutdown failed");
        exitAfterLog(logger, 1);
      },
    );
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

void main();
