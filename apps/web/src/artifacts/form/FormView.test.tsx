import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dataArtifact } from "../test/artifact-fixture.js";
import { FormView } from "./FormView.js";

const fields = [
  { name: "name", label: "Name", type: "text", required: true, placeholder: "Ada" },
  { name: "email", label: "", type: "email", required: true },
  {
    name: "topic",
    label: "Topic",
    type: "select",
    options: ["question", { value: "bug", label: "Bug" }],
  },
  { name: "rating", label: "Rating", type: "number", default: 4 },
  { name: "when", label: "When", type: "datetime" },
  { name: "day", label: "Day", type: "date" },
  { name: "secret", label: "Secret", type: "password" },
  { name: "message", label: "Message", type: "textarea", help_text: "A few sentences." },
  { name: "contact_me", label: "Contact me", type: "checkbox" },
];

const form = () =>
  dataArtifact(
    "form",
    { title: "Contact us", description: "Tell us." },
    { rendering_hints: { fields } },
    "Contact form",
  );

afterEach(() => vi.restoreAllMocks());

describe("FormView", () => {
  it("renders each field type", () => {
    render(<FormView artifact={form()} />);
    expect(screen.getByRole("heading", { name: "Contact us" })).toBeInTheDocument();
    expect(screen.getByLabelText(/Name/)).toHaveAttribute("type", "text");
    expect(screen.getByLabelText(/email/)).toHaveAttribute("type", "email");
    expect(screen.getByLabelText("Secret")).toHaveAttribute("type", "password");
    expect(screen.getByLabelText("When")).toHaveAttribute("type", "datetime-local");
    expect(screen.getByLabelText("Day")).toHaveAttribute("type", "date");
    expect(screen.getByLabelText("Rating")).toHaveValue(4);
    expect(screen.getByLabelText("Message").tagName).toBe("TEXTAREA");
    expect(screen.getByText("A few sentences.")).toBeInTheDocument();
    expect(screen.getByLabelText("Contact me")).not.toBeChecked();
    const select = screen.getByLabelText("Topic");
    expect([...select.querySelectorAll("option")].map((o) => o.textContent)).toEqual([
      "Select...",
      "question",
      "Bug",
    ]);
  });

  it("reads fields from the data when the hints have none", () => {
    render(<FormView artifact={dataArtifact("form", { fields: [{ name: "q", label: "Q" }] })} />);
    expect(screen.getByLabelText("Q")).toBeInTheDocument();
  });

  it("flags required fields, clears an error on edit, sends, then offers Submit Another", async () => {
    const user = userEvent.setup();
    const send = vi.fn(async (_text: string) => {});
    render(<FormView artifact={form()} onSendMessage={send} />);
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(screen.getByText("Name is required")).toBeInTheDocument();
    expect(screen.getByText("email is required")).toBeInTheDocument();
    expect(screen.getByLabelText(/Name/)).toHaveFocus();
    expect(send).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/Name/), "Ada");
    expect(screen.queryByText("Name is required")).not.toBeInTheDocument();
    expect(screen.getByText("email is required")).toBeInTheDocument();

    await user.type(screen.getByLabelText(/email/), "ada@example.com");
    await user.clear(screen.getByLabelText("Rating"));
    await user.selectOptions(screen.getByLabelText("Topic"), "bug");
    await user.click(screen.getByLabelText("Contact me"));
    await user.click(screen.getByRole("button", { name: "Submit" }));

    expect(send).toHaveBeenCalledTimes(1);
    const text = send.mock.calls[0]?.[0] ?? "";
    expect(text).toContain('Submitted form "Contact us"');
    const json = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
    expect(json).toMatchObject({
      name: "Ada",
      email: "ada@example.com",
      topic: "bug",
      rating: "",
      contact_me: true,
    });

    await user.click(await screen.findByRole("button", { name: "Submit Another" }));
    expect(screen.getByRole("button", { name: "Submit" })).toBeInTheDocument();
    expect(screen.getByLabelText(/Name/)).toHaveValue("");
    expect(screen.getByLabelText("Rating")).toHaveValue(4);
  });

  it("sends numbers as numbers", async () => {
    const user = userEvent.setup();
    const send = vi.fn(async (_text: string) => {});
    const artifact = dataArtifact(
      "form",
      {},
      {
        rendering_hints: { fields: [{ name: "n", label: "N", type: "number" }] },
      },
    );
    render(<FormView artifact={artifact} onSendMessage={send} />);
    await user.type(screen.getByLabelText("N"), "12.5");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(send.mock.calls[0]?.[0]).toContain('"n": 12.5');
  });

  it("keeps the values and shows the error when sending fails", async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => {
      throw new Error("offline");
    });
    const artifact = dataArtifact("form", {}, { rendering_hints: { fields: [{ name: "q" }] } });
    render(<FormView artifact={artifact} onSendMessage={send} />);
    await user.type(screen.getByLabelText("q"), "hello");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Error: offline");
    expect(screen.getByLabelText("q")).toHaveValue("hello");
  });

  it("alerts when there is no chat client", async () => {
    const user = userEvent.setup();
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    const artifact = dataArtifact("form", {}, { rendering_hints: { fields: [{ name: "q" }] } });
    render(<FormView artifact={artifact} />);
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(alert).toHaveBeenCalledWith("Unable to send message: Chat client not initialized");
  });

  it("says when there are no fields", () => {
    render(<FormView artifact={dataArtifact("form", { title: "Empty" })} />);
    expect(screen.getByRole("alert")).toHaveTextContent("Invalid form data");
  });
});
