import { emailProblem, usernameProblem } from "@a2a-chat/contracts";
import { type FormEvent, useState } from "react";
import { Button } from "../lib/Button.js";
import { FormField } from "./FormField.js";
import { PasskeyError, registerWithPasskey } from "./passkey-flow.js";
import { passkeyMessages } from "./passkey-texts.js";

/** Texts of the registration modal. */
export const registerTexts = {
  submit: "Create account with passkey",
  creating: "Creating your passkey...",
  success: "Account created! You are signed in.",
  switch: "Already have an account? Sign in",
} as const;

/** Username, email and optional full name, then a new passkey and the automatic sign-in. */
export function RegisterForm({
  onSuccess,
  onSwitch,
}: {
  onSuccess: () => void;
  onSwitch: () => void;
}) {
  const [fields, setFields] = useState({ username: "", email: "", full_name: "" });
  const [problems, setProblems] = useState<{ username?: string; email?: string }>({});
  const [phase, setPhase] = useState<"form" | "creating" | "success">("form");
  const [error, setError] = useState<{ text: string; accountExists: boolean } | null>(null);
  const set = (name: keyof typeof fields) => (value: string) =>
    setFields({ ...fields, [name]: value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = { username: usernameProblem(fields.username), email: emailProblem(fields.email) };
    setProblems(found);
    if (found.username || found.email) return;
    setError(null);
    setPhase("creating");
    try {
      await registerWithPasskey({
        username: fields.username,
        email: fields.email,
        ...(fields.full_name.trim() ? { full_name: fields.full_name } : {}),
      });
      setPhase("success");
      onSuccess();
    } catch (caught) {
      const known = caught instanceof PasskeyError;
      setError({
        text: known ? caught.message : passkeyMessages.creationFailed,
        accountExists: known && caught.accountExists,
      });
      setPhase("form");
    }
  };

  if (phase === "success") {
    return (
      <p role="status" className="text-sm text-green-300">
        {registerTexts.success}
      </p>
    );
  }
  const busy = phase === "creating";
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <FormField
        label="Username"
        autoComplete="username"
        value={fields.username}
        onChange={set("username")}
        problem={problems.username}
        disabled={busy}
      />
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        value={fields.email}
        onChange={set("email")}
        problem={problems.email}
        disabled={busy}
      />
      <FormField
        label="Full name (optional)"
        autoComplete="name"
        value={fields.full_name}
        onChange={set("full_name")}
        disabled={busy}
      />
      {error ? (
        <p role="alert" className="text-sm text-red-300">
          {error.text}
          {error.accountExists ? (
            <>
              {" "}
              <button type="button" onClick={onSwitch} className="text-primary-300 underline">
                {passkeyMessages.trySigningIn}
              </button>
            </>
          ) : null}
        </p>
      ) : null}
      {busy ? (
        <p role="status" className="text-sm text-neutral-300">
          {registerTexts.creating}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={busy}>
        {registerTexts.submit}
      </Button>
      <button
        type="button"
        onClick={onSwitch}
        className="w-full text-center text-sm text-primary-300 hover:underline"
      >
        {registerTexts.switch}
      </button>
    </form>
  );
}
