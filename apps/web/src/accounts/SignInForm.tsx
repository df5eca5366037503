import { emailProblem } from "@a2a-chat/contracts";
import { type FormEvent, useState } from "react";
import { Button } from "../lib/Button.js";
import { FormField } from "./FormField.js";
import { PasskeyError, signInWithPasskey } from "./passkey-flow.js";
import { passkeyMessages } from "./passkey-texts.js";

/** Texts of the sign-in modal. */
export const signInTexts = {
  submit: "Sign in with passkey",
  authenticating: "Authenticating...",
  success: "Signed in successfully!",
  switch: "Don't have an account? Create one",
} as const;

/** Email, then the passkey ceremony, then a success message (tools spec §2, §4). */
export function SignInForm({
  onSuccess,
  onSwitch,
}: {
  onSuccess: () => void;
  onSwitch: () => void;
}) {
  const [email, setEmail] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const [phase, setPhase] = useState<"email" | "authenticating" | "success">("email");
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = emailProblem(email);
    setProblem(invalid);
    if (invalid) return;
    setError(null);
    setPhase("authenticating");
    try {
      await signInWithPasskey(email);
      setPhase("success");
      onSuccess();
    } catch (caught) {
      setError(
        caught instanceof PasskeyError ? caught.message : passkeyMessages.authenticationFailed,
      );
      setPhase("email");
    }
  };

  if (phase === "success") {
    return (
      <p role="status" className="text-sm text-green-300">
        {signInTexts.success}
      </p>
    );
  }
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <FormField
        label="Email"
        type="email"
        autoComplete="username webauthn"
        value={email}
        onChange={setEmail}
        problem={problem}
        disabled={phase === "authenticating"}
      />
      {error ? (
        <p role="alert" className="text-sm text-red-300">
          {error}
        </p>
      ) : null}
      {phase === "authenticating" ? (
        <p role="status" className="text-sm text-neutral-300">
          {signInTexts.authenticating}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={phase === "authenticating"}>
        {signInTexts.submit}
      </Button>
      <button
        type="button"
        onClick={onSwitch}
        className="w-full text-center text-sm text-primary-300 hover:underline"
      >
        {signInTexts.switch}
      </button>
    </form>
  );
}
