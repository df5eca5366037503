import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { credentialTexts } from "../credentials/credentials-draft.js";
import { AddToolServerDialog, addServerTexts } from "./AddToolServerDialog.js";

describe("AddToolServerDialog", () => {
  it("names the first missing field before anything is sent, and keeps secrets write-only", async () => {
    const user = userEvent.setup();
    const onAdded = vi.fn();
    render(<AddToolServerDialog open onClose={() => undefined} onAdded={onAdded} />);
    const add = screen.getByRole("button", { name: "Add server" });
    await user.click(add);
    expect(screen.getByRole("alert").textContent).toBe(addServerTexts.nameRequired);
    await user.type(screen.getByLabelText("Name"), "mine");
    await user.click(add);
    expect(screen.getByRole("alert").textContent).toBe(addServerTexts.urlRequired);
    await user.type(screen.getByLabelText("Server URL"), "https://tools.example.com/mcp");
    const timeout = screen.getByLabelText("Timeout (seconds)");
    await user.clear(timeout);
    await user.type(timeout, "0");
    await user.click(add);
    expect(screen.getByRole("alert").textContent).toBe(addServerTexts.timeoutRange);
    await user.clear(timeout);
    await user.type(timeout, "30");
    await user.selectOptions(screen.getByLabelText("Authentication"), "bearer");
    expect(screen.getByLabelText("Token").getAttribute("type")).toBe("password");
    await user.click(add);
    expect(screen.getByRole("alert").textContent).toBe(credentialTexts.tokenRequired);
    await user.selectOptions(screen.getByLabelText("Authentication"), "headers");
    await user.type(screen.getByLabelText("Header 1 name"), "X-Team");
    expect(screen.getByLabelText("Header 1 value").getAttribute("type")).toBe("password");
    await user.click(add);
    expect(screen.getByRole("alert").textContent).toBe(credentialTexts.headerIncomplete);
    expect(onAdded).not.toHaveBeenCalled();
  });
});
