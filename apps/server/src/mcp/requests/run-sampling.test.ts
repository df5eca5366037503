import { mcpRequestMessages } from "@a2a-chat/contracts";
import { expect, it } from "vitest";
import { testConfig } from "../../test/config.js";
import { RelayError } from "./relay-error.js";
import { runSampling, samplingModel, textMessages } from "./run-sampling.js";

const params = (content: unknown) =>
  ({ messages: [{ role: "user", content }], maxTokens: 10 }) as Parameters<typeof textMessages>[0];

it("reads text messages, single blocks and lists of them", () => {
  expect(textMessages(params({ type: "text", text: "hi" }))).toEqual([
    { role: "user", content: "hi" },
  ]);
  expect(
    textMessages(
      params([
        { type: "text", text: "a" },
        { type: "text", text: "b" },
      ]),
    ),
  ).toEqual([{ role: "user", content: "a\nb" }]);
});

it("refuses anything but text (an image)", () => {
  expect(textMessages(params({ type: "image", data: "AA==", mimeType: "image/png" }))).toBe(
    undefined,
  );
});

it("has no model without a provider, and then refuses with the clear reason", async () => {
  const config = testConfig();
  expect(samplingModel(config)).toBeUndefined();
  const refused = runSampling(
    config,
    params({ type: "text", text: "hi" }),
    { action: "approve" },
    new AbortController().signal,
  );
  await expect(refused).rejects.toBeInstanceOf(RelayError);
  await expect(refused).rejects.toThrow(mcpRequestMessages.noModel);
});
