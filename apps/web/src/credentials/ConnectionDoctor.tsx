import type { ConnectionCheck } from "@a2a-chat/contracts";
import { useEffect, useRef, useState } from "react";
import { Button } from "../lib/Button.js";
import { ConnectionSteps } from "./ConnectionSteps.js";

/** Texts of the connection doctor. */
export const doctorTexts = {
  run: "Run connection doctor",
  again: "Run again",
  running: "Checking...",
  menu: "Doctor",
  title: (name: string) => `Connection doctor: ${name}`,
  intro:
    "Checks DNS, TCP, TLS, discovery, the protocol version, auth and a harmless test call, and says what to do about the step that fails.",
} as const;

/** Props of ConnectionDoctor. */
export interface ConnectionDoctorProps {
  /** Runs the check (the server walks every step). */
  run: () => Promise<ConnectionCheck>;
  disabled?: boolean;
  /** Runs once at once (a doctor opened from an entry's menu). */
  runAtOnce?: boolean;
  /** In a narrow column: the steps scroll in a box of their own. */
  compact?: boolean;
}

/** The connection doctor: a button that runs the check, and its steps. */
export function ConnectionDoctor({
  run,
  disabled = false,
  runAtOnce = false,
  compact = false,
}: ConnectionDoctorProps) {
  const [busy, setBusy] = useState(false);
  const [check, setCheck] = useState<ConnectionCheck | null>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(run);
  latest.current = run;

  const start = async () => {
    setBusy(true);
    setError(null);
    setCheck(null);
    try {
      setCheck(await latest.current());
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  const started = useRef(false);
  useEffect(() => {
    if (!runAtOnce || started.current) return;
    started.current = true;
    void start();
  });

  return (
    <section aria-label="Connection doctor" className="space-y-2">
      <div className="flex justify-end">
        <Button variant="secondary" disabled={disabled || busy} onClick={() => void start()}>
          {busy ? doctorTexts.running : check || error ? doctorTexts.again : doctorTexts.run}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-xs text-red-400">
          {error}
        </p>
      ) : null}
      {check ? (
        <div className={compact ? "max-h-56 overflow-y-auto pr-1" : undefined}>
          <ConnectionSteps check={check} />
        </div>
      ) : null}
    </section>
  );
}
