import { useEffect, useState } from "react";
import { logger } from "../../lib/logger.js";
import { type HighlightedToken, highlightTokens, isHighlightable } from "./shiki-highlighter.js";

/** Longer code is shown plain: highlighting it would block the page for too long. */
export const maxHighlightedChars = 200_000;

interface Highlighted {
  code: string;
  language: string;
  lines: HighlightedToken[][];
}

/** The code's highlighted lines once the highlighter has loaded; null until then (show plain). */
export function useHighlightedTokens(code: string, language: string): HighlightedToken[][] | null {
  const [result, setResult] = useState<Highlighted | null>(null);
  useEffect(() => {
    if (code === "" || code.length > maxHighlightedChars || !isHighlightable(language)) return;
    let current = true;
    void highlightTokens(code, language)
      .then((lines) => {
        if (current && lines) setResult({ code, language, lines });
      })
      .catch((error: unknown) => logger.warn("Code highlighting failed", error));
    return () => {
      current = false;
    };
  }, [code, language]);
  return result && result.code === code && result.language === language ? result.lines : null;
}
