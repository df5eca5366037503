import { describe, expect, it } from "vitest";
import { type ProvidersConfig, resolveModel } from "./resolve-model.js";

function providers(overrides: Partial<ProvidersConfig> = {}): ProvidersConfig {
  return { openai: {}, anthropic: {}, google: {}, compatible: {}, ...overrides };
}

const all = providers({
  openai: { apiKey: "sk-openai" },
  anthropic: { apiKey: "sk-anthropic" },
  google: { apiKey: "google-key" },
  compatible: { baseUrl: "http://127.0.0.1:11434/v1", model: "llama3.1:8b" },
});

function summary(setting: string, config: ProvidersConfig, agent?: string) {
  const resolved = resolveModel(setting, config, agent);
  return resolved && { provider: resolved.provider, modelId: resolved.modelId };
}

describe("resolveModel", () => {
  it("returns undefined for 'planner', even with providers configured", () => {
    expect(resolveModel("planner", all)).toBeUndefined();
  });

  it("returns undefined for 'auto' when nothing is configured", () => {
    expect(resolveModel("auto", providers())).toBeUndefined();
    // A base URL alone does not make OpenAI usable: it still needs a key.
    expect(
      resolveModel("auto", providers({ openai: { baseUrl: "http://127.0.0.1:1/v1" } })),
    ).toBeUndefined();
  });

  it("'auto' picks the first configured of openai, anthropic, google, compatible", () => {
    expect(summary("auto", all)).toEqual({ provider: "openai", modelId: "gpt-4o-mini" });
    expect(summary("auto", { ...all, openai: {} })).toEqual({
      provider: "anthropic",
      modelId: "claude-3-5-haiku-latest",
    });
    expect(summary("auto", { ...all, openai: {}, anthropic: {} })).toEqual({
      provider: "google",
      modelId: "gemini-2.0-flash",
    });
    expect(summary("auto", { ...all, openai: {}, anthropic: {}, google: {} })).toEqual({
      provider: "compatible",
      modelId: "llama3.1:8b",
    });
  });

  it("'auto' with a compatible base URL but no model says which setting is missing", () => {
    const config = providers({ compatible: { baseUrl: "http://127.0.0.1:11434/v1" } });
    expect(() => resolveModel("auto", config, "assistant")).toThrow(
      'agent "assistant": model "auto" picked the OpenAI-compatible provider at http://127.0.0.1:11434/v1, which needs OPENAI_COMPATIBLE_MODEL (config providers.compatible.model)',
    );
  });

  it("uses the named provider and model, splitting on the first colon only", () => {
    expect(summary("anthropic:claude-sonnet-4-5", all)).toEqual({
      provider: "anthropic",
      modelId: "claude-sonnet-4-5",
    });
    expect(summary("google:gemini-2.5-pro", all)).toEqual({
      provider: "google",
      modelId: "gemini-2.5-pro",
    });
    expect(summary("openai:gpt-4.1", all)).toEqual({ provider: "openai", modelId: "gpt-4.1" });
    expect(summary("compatible:qwen2.5:7b", all)).toEqual({
      provider: "compatible",
      modelId: "qwen2.5:7b",
    });
  });

  it("creates models of the matching AI SDK provider", async () => {
    expect(await resolveModel("openai:gpt-4o-mini", all)?.languageModel()).toMatchObject({
      provider: "openai.chat",
      modelId: "gpt-4o-mini",
    });
    expect(
      await resolveModel("anthropic:claude-3-5-haiku-latest", all)?.languageModel(),
    ).toMatchObject({
      provider: "anthropic.messages",
    });
    expect(await resolveModel("google:gemini-2.0-flash", all)?.languageModel()).toMatchObject({
      provider: "google.generative-ai",
    });
    expect(await resolveModel("compatible:llama3.1:8b", all)?.languageModel()).toMatchObject({
      provider: "compatible.chat",
      modelId: "llama3.1:8b",
    });
  });

  it("an explicit compatible model needs only the base URL", () => {
    const config = providers({ compatible: { baseUrl: "http://127.0.0.1:11434/v1" } });
    expect(summary("compatible:mistral", config)).toEqual({
      provider: "compatible",
      modelId: "mistral",
    });
  });

  it.each([
    ["openai:gpt-4o-mini", "OPENAI_API_KEY (config providers.openai.apiKey)"],
    ["anthropic:claude-3-5-haiku-latest", "ANTHROPIC_API_KEY (config providers.anthropic.apiKey)"],
    ["google:gemini-2.0-flash", "GOOGLE_GENERATIVE_AI_API_KEY (config providers.google.apiKey)"],
    ["compatible:llama3", "OPENAI_COMPATIBLE_BASE_URL (config providers.compatible.baseUrl)"],
  ])(
    "an explicit %s without its provider configured names the missing setting",
    (setting, needs) => {
      expect(() => resolveModel(setting, providers(), "coder")).toThrow(
        `agent "coder": model "${setting}" needs ${needs}, which is not configured`,
      );
    },
  );

  it.each(["gpt-4o", "mistral:large", "openai:", ":gpt-4o", ""])(
    "rejects the malformed setting %j with the accepted forms",
    (setting) => {
      expect(() => resolveModel(setting, all, "assistant")).toThrow(
        `agent "assistant": model "${setting}" is not valid: use "auto", "planner" or "<provider>:<model id>" with provider openai, anthropic, google, compatible`,
      );
    },
  );
});
