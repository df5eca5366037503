import { runsAsTaskMetaKey } from "@a2a-chat/contracts";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, it } from "vitest";
import { ToolHintBadges } from "./ToolHintBadges.js";
import { toolHintTexts } from "./tool-hints.js";

afterEach(cleanup);

it("says a tool is read-only, destructive or runs as a task, as its server marks it", () => {
  render(
    <>
      <ToolHintBadges tool={{ annotations: { readOnlyHint: true } }} />
      <ToolHintBadges
        tool={{ annotations: { destructiveHint: true }, _meta: { [runsAsTaskMetaKey]: true } }}
      />
    </>,
  );
  expect(screen.getByText(toolHintTexts.readOnly)).toHaveAttribute(
    "title",
    toolHintTexts.readOnlyTitle,
  );
  expect(screen.getByText(toolHintTexts.destructive)).toBeInTheDocument();
  expect(screen.getByText(toolHintTexts.runsAsTask)).toBeInTheDocument();
});

it("shows nothing for an unannotated tool", () => {
  const { container } = render(<ToolHintBadges tool={{}} />);
  expect(container).toBeEmptyDOMElement();
});
