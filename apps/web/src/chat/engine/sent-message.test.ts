import { fileSizeMetadataKey } from "@a2a-chat/contracts";
import { expect, it } from "vitest";
import { filesOf, textOf } from "./sent-message.js";

const parts = [
  { kind: "text" as const, text: "see" },
  {
    kind: "file" as const,
    file: { name: "a.csv", mimeType: "text/csv", uri: "https://x/api/v1/core/files/1" },
    metadata: { [fileSizeMetadataKey]: 12 },
  },
  { kind: "file" as const, file: { name: "inline", bytes: "AA==" } },
  { kind: "text" as const, text: "this" },
];

it("sends an edit or regeneration with the text and the uploaded files of the message", () => {
  expect(textOf({ parts, content: "ignored" })).toBe("see\nthis");
  expect(textOf({ parts: [], content: "loose" })).toBe("loose");
  expect(filesOf({ parts })).toEqual([
    { name: "a.csv", mimeType: "text/csv", size: 12, uri: "https://x/api/v1/core/files/1" },
  ]);
});
