import { ConfigError, loadConfig } from "./config/load.js";
import { createLogger } from "./log/logger.js";
import { startServer } from "./server.js";

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
  const running = await startServer(config, logger).catch((error: unknown) => {
    logger.fatal({ err: error }, "server failed to start");
    process.exit(1);
  });

  const stop = (signal: NodeJS.Signals) => {
    logger.info({ signal }, "signal received");
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

void main();
