/**
 * Only the start of a text is inspected: the verdict must stay cheap (and stable) while a reply
 * streams in token by token.
 */
const sampleLength = 2000;

const keywordLine =
  /^\s*(import|export|from|const|let|var|function|def|class|return|if|elif|else|for|while|switch|case|try|catch|except|finally|public|private|protected|static|package|using|fn|pub|impl|struct|enum|interface|async|await|SELECT|INSERT|UPDATE|DELETE|CREATE|#include|#define)\b/;
const codePunctuation = /[(){}[\]=;:<>]/;
const assignment = /^\s*[\w$.[\]]+\s*(=|\+=|-=|:=|=>)\s*\S/;
const commentLine = /^\s*(\/\/|\/\*|\*\/|--\s)/;
const markupLine = /^\s*<\/?[a-zA-Z][\w-]*(\s[^>]*)?\/?>/;
// A call like `run(x)` ends code; a markdown link `[a](b)` ends prose.
const codeEnding = /[;{}[\]]\s*$|[\w$]\([^()]*\)\s*$|\)\s*:\s*$/;
const markdownLine = /^\s*(#{1,6}\s|[-*+]\s|\d+[.)]\s|>\s|\|)/;

function isCodeLine(line: string): boolean {
  if (markdownLine.test(line)) return false;
  if (commentLine.test(line) || markupLine.test(line)) return true;
  if (keywordLine.test(line) && codePunctuation.test(line)) return true;
  if (assignment.test(line)) return true;
  return codeEnding.test(line);
}

function looksLikeJson(sample: string): boolean {
  if (!/^[{[]/.test(sample)) return false;
  try {
    JSON.parse(sample);
    return true;
  } catch {
    // A long JSON document is cut by the sample: judge by its "key": lines instead.
    return /^\s*"[^"\n]*"\s*:/m.test(sample);
  }
}

/**
 * Whether a text part reads like source code (or JSON, markup, a log) rather than prose, so it is
 * shown as a preformatted block instead of markdown. Text with fenced code blocks is markdown.
 */
export function looksLikeCode(text: string): boolean {
  const sample = text.slice(0, sampleLength).trim();
  if (sample === "" || sample.includes("```")) return false;
  if (looksLikeJson(sample)) return true;
  const lines = sample.split("\n").filter((line) => line.trim() !== "");
  if (lines.length < 2) return false;
  const codeLines = lines.filter(isCodeLine).length;
  return codeLines / lines.length >= 0.6;
}
