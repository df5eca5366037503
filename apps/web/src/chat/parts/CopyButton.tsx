import { useEffect, useRef, useState } from "react";
import { logger } from "../../lib/logger.js";

/** How long 'Copied!' stays after a copy (core spec §9). */
export const copyConfirmationMs = 2000;

/** A 'Copy' button that writes `text` to the clipboard and says 'Copied!' for 2 s. */
export function CopyButton({
  text,
  title,
  className = "",
}: {
  text: string;
  /** Says what is copied (tooltip); the button's name stays 'Copy' / 'Copied!'. */
  title?: string;
  className?: string;
}) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch (error) {
      logger.warn("Copy to clipboard failed", error);
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), copyConfirmationMs);
  };

  return (
    <button
      type="button"
      onClick={() => void copy()}
      title={title}
      className={`rounded px-2 py-0.5 text-xs text-neutral-400 transition-colors duration-150 hover:bg-neutral-800 hover:text-neutral-100 ${className}`}
    >
      {copied ? "Copied!" : "Copy"}
    </button>
  );
}
