import { describe, expect, it } from "vitest";
import { testConfig } from "../test/config.js";
import { selectRunner } from "./select-runner.js";

describe("selectRunner", () => {
  const config = testConfig();
  const [assistant] = config.agents;
  if (!assistant) throw new Error("no agent");

  it("uses the planner for model planner, and for auto without a provider", () => {
    expect(selectRunner(assistant, config).model).toBe("planner");
    expect(selectRunner({ ...assistant, model: "planner" }, config).model).toBe("planner");
  });

  it("uses the AI SDK when the model resolves to a configured provider", () => {
    const withOpenAi = testConfig({ providers: { openai: { apiKey: "k" } } });
    expect(selectRunner(assistant, withOpenAi).model).toBe("openai:gpt-4o-mini");
    const local = testConfig({
      providers: { compatible: { baseUrl: "http://127.0.0.1:11434/v1", model: "llama3.1" } },
    });
    expect(selectRunner(assistant, local).model).toBe("compatible:llama3.1");
    expect(selectRunner({ ...assistant, model: "planner" }, local).model).toBe("planner");
  });

  it("refuses an agent that names a provider nobody configured", () => {
    expect(() => selectRunner({ ...assistant, model: "anthropic:claude-x" }, config)).toThrow(
      /ANTHROPIC_API_KEY/,
    );
  });
});
