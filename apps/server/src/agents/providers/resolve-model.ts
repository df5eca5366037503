import type { LanguageModel } from "ai";
import { envNameFor } from "../../config/env.js";
import type { Config } from "../../config/schema.js";

/** The providers section of the validated config (file values already overlaid with env). */
export type ProvidersConfig = Config["providers"];

/** Names accepted before the colon of an agent's `model` setting. */
export const providerNames = ["openai", "anthropic", "google", "compatible"] as const;
export type ProviderName = (typeof providerNames)[number];

/** A language model object (never the AI SDK's global-provider string shorthand). */
export type ResolvedLanguageModel = Exclude<LanguageModel, string>;

/**
 * The model an agent will run on. The provider's package is imported by `languageModel()` on
 * first use, not at start: an idle server keeps the AI SDK and its providers out of memory.
 */
export interface ResolvedModel {
  provider: ProviderName;
  modelId: string;
  /** The AI SDK model object (the same one on every call), its provider loaded on first call. */
  languageModel: () => Promise<ResolvedLanguageModel>;
}

/** Models "auto" picks when the agent names none, in the order providers are tried. */
export const defaultModelIds = {
  openai: "gpt-4o-mini",
  anthropic: "claude-3-5-haiku-latest",
  google: "gemini-2.0-flash",
} as const;

/**
 * Resolves an agent's `model` setting against the configured providers. Returns undefined for
 * "planner", and for "auto" when no provider is configured: the caller then uses the planner.
 * Throws when the setting names a provider that is not configured or is malformed, so a
 * misconfigured agent fails loudly instead of silently running without its model.
 */
export function resolveModel(
  modelSetting: string,
  providers: ProvidersConfig,
  agentName?: string,
): ResolvedModel | undefined {
  const setting = modelSetting.trim();
  const where = agentName ? `agent "${agentName}": ` : "";
  if (setting === "planner") return undefined;
  if (setting === "auto") return resolveAuto(providers, where);

  // Split on the first colon only: model ids may contain colons ("compatible:llama3.1:8b").
  const colon = setting.indexOf(":");
  const provider = colon > 0 ? setting.slice(0, colon) : "";
  const modelId = colon > 0 ? setting.slice(colon + 1).trim() : "";
  if (!isProviderName(provider) || modelId === "") {
    throw new Error(
      `${where}model "${modelSetting}" is not valid: use "auto", "planner" or "<provider>:<model id>" with provider ${providerNames.join(", ")}`,
    );
  }
  const missing = missingSettings(provider, providers);
  if (missing.length > 0) {
    throw new Error(
      `${where}model "${modelSetting}" needs ${missing.map(describeSetting).join(" and ")}, which is not configured`,
    );
  }
  return resolved(provider, modelId, providers);
}

function resolved(
  provider: ProviderName,
  modelId: string,
  providers: ProvidersConfig,
): ResolvedModel {
  let model: Promise<ResolvedLanguageModel> | undefined;
  const languageModel = () => {
    if (!model) {
      const loading = createLanguageModel(provider, modelId, providers);
      // A failed import is tried again on the next call rather than remembered.
      loading.catch(() => {
        if (model === loading) model = undefined;
      });
      model = loading;
    }
    return model;
  };
  return { provider, modelId, languageModel };
}

function resolveAuto(providers: ProvidersConfig, where: string): ResolvedModel | undefined {
  for (const provider of providerNames) {
    if (missingSettings(provider, providers).length > 0) continue;
    if (provider === "compatible") {
      const modelId = providers.compatible.model;
      if (!modelId) {
        throw new Error(
          `${where}model "auto" picked the OpenAI-compatible provider at ${providers.compatible.baseUrl}, which needs ${describeSetting("providers.compatible.model")} (or set the agent's model to "compatible:<model id>")`,
        );
      }
      return resolved(provider, modelId, providers);
    }
    return resolved(provider, defaultModelIds[provider], providers);
  }
  return undefined;
}

/** Config keys a provider needs that are unset; empty when it is usable. */
function missingSettings(provider: ProviderName, providers: ProvidersConfig): string[] {
  switch (provider) {
    case "openai":
      return providers.openai.apiKey ? [] : ["providers.openai.apiKey"];
    case "anthropic":
      return providers.anthropic.apiKey ? [] : ["providers.anthropic.apiKey"];
    case "google":
      return providers.google.apiKey ? [] : ["providers.google.apiKey"];
    case "compatible":
      // Local servers (Ollama, llama.cpp…) usually need no key: the base URL is what matters.
      return providers.compatible.baseUrl ? [] : ["providers.compatible.baseUrl"];
  }
}

function describeSetting(key: string): string {
  const env = envNameFor(key);
  return env ? `${env} (config ${key})` : `config ${key}`;
}

async function createLanguageModel(
  provider: ProviderName,
  modelId: string,
  providers: ProvidersConfig,
): Promise<ResolvedLanguageModel> {
  // Keys are always passed explicitly so the factories never fall back to process.env.
  switch (provider) {
    case "openai": {
      const { createOpenAI } = await import("@ai-sdk/openai");
      // Chat Completions rather than the Responses API: it is what OpenAI-style proxies behind
      // a custom baseUrl (LiteLLM, OpenRouter, Azure gateways) reliably implement.
      return createOpenAI({
        apiKey: providers.openai.apiKey,
        ...(providers.openai.baseUrl ? { baseURL: providers.openai.baseUrl } : {}),
      }).chat(modelId);
    }
    case "anthropic": {
      const { createAnthropic } = await import("@ai-sdk/anthropic");
      return createAnthropic({ apiKey: providers.anthropic.apiKey })(modelId);
    }
    case "google": {
      const { createGoogleGenerativeAI } = await import("@ai-sdk/google");
      return createGoogleGenerativeAI({ apiKey: providers.google.apiKey })(modelId);
    }
    case "compatible": {
      const { createOpenAICompatible } = await import("@ai-sdk/openai-compatible");
      return createOpenAICompatible({
        name: "compatible",
        baseURL: providers.compatible.baseUrl ?? "",
        ...(providers.compatible.apiKey ? { apiKey: providers.compatible.apiKey } : {}),
        includeUsage: true,
      })(modelId);
    }
  }
}

function isProviderName(value: string): value is ProviderName {
  return (providerNames as readonly string[]).includes(value);
}
