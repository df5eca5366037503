import { type Config, type ConfigInput, configSchema } from "../config/schema.js";

/** A validated config for tests: defaults plus the given sections, logging silenced. */
export function testConfig(input: ConfigInput = {}): Config {
  return configSchema.parse({ ...input, log: { level: "silent", ...input.log } });
}
