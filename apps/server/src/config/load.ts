import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parse as parseYaml } from "yaml";
import type { z } from "zod";
import { envNameFor, envOverrides } from "./env.js";
import { type Config, configSchema } from "./schema.js";

/** A configuration problem; its message names the key and what is wrong with it. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

type Tree = Record<string, unknown>;

export const defaultConfigPath = "config/default.yaml";

/** Reads the YAML file at CONFIG (or config/default.yaml), applies env overrides and validates. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const explicit = env.CONFIG;
  const path = resolve(cwd, explicit ?? defaultConfigPath);
  const fromFile = readConfigFile(path, explicit !== undefined);
  const merged = applyEnv(fromFile, env);
  const parsed = configSchema.safeParse(merged);
  if (!parsed.success) throw new ConfigError(describeIssues(parsed.error, path));
  return parsed.data;
}

function readConfigFile(path: string, required: boolean): Tree {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if (!required && (error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw new ConfigError(`Cannot read config file ${path}: ${(error as Error).message}`);
  }
  let value: unknown;
  try {
    value = parseYaml(text);
  } catch (error) {
    throw new ConfigError(`Config file ${path} is not valid YAML: ${(error as Error).message}`);
  }
  if (value === null || value === undefined) return {};
  if (typeof value !== "object" || Array.isArray(value)) {
    throw new ConfigError(`Config file ${path} must contain a mapping of keys`);
  }
  return value as Tree;
}

function applyEnv(tree: Tree, env: NodeJS.ProcessEnv): Tree {
  const out: Tree = structuredClone(tree);
  for (const [name, key] of envOverrides) {
    const value = env[name];
    if (value === undefined || value === "") continue;
    const path = key.split(".");
    const field = path.pop() as string;
    let target = out;
    for (const segment of path) {
      const current = target[segment];
      const next: Tree =
        current && typeof current === "object" && !Array.isArray(current) ? (current as Tree) : {};
      target[segment] = next;
      target = next;
    }
    target[field] = value;
  }
  return out;
}

function describeIssues(error: z.ZodError, path: string): string {
  const lines = error.issues.map((issue) => {
    const key = issue.path.join(".") || "(root)";
    const envName = envNameFor(key);
    const where = envName ? `${key} (env ${envName})` : key;
    return `  - ${where}: ${issue.message}`;
  });
  return `Invalid configuration (file ${path}):\n${lines.join("\n")}`;
}
