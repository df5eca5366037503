import type { HighlighterCore, LanguageRegistration } from "shiki/core";

type LanguageModule = { default: LanguageRegistration[] };

// Each grammar is its own chunk, fetched the first time a block of that language is shown.
const languages: Record<string, () => Promise<LanguageModule>> = {
  c: () => import("shiki/langs/c.mjs"),
  csharp: () => import("shiki/langs/csharp.mjs"),
  css: () => import("shiki/langs/css.mjs"),
  diff: () => import("shiki/langs/diff.mjs"),
  dockerfile: () => import("shiki/langs/dockerfile.mjs"),
  go: () => import("shiki/langs/go.mjs"),
  html: () => import("shiki/langs/html.mjs"),
  java: () => import("shiki/langs/java.mjs"),
  javascript: () => import("shiki/langs/javascript.mjs"),
  json: () => import("shiki/langs/json.mjs"),
  jsx: () => import("shiki/langs/jsx.mjs"),
  kotlin: () => import("shiki/langs/kotlin.mjs"),
  markdown: () => import("shiki/langs/markdown.mjs"),
  python: () => import("shiki/langs/python.mjs"),
  ruby: () => import("shiki/langs/ruby.mjs"),
  rust: () => import("shiki/langs/rust.mjs"),
  shellscript: () => import("shiki/langs/shellscript.mjs"),
  sql: () => import("shiki/langs/sql.mjs"),
  swift: () => import("shiki/langs/swift.mjs"),
  toml: () => import("shiki/langs/toml.mjs"),
  tsx: () => import("shiki/langs/tsx.mjs"),
  typescript: () => import("shiki/langs/typescript.mjs"),
  xml: () => import("shiki/langs/xml.mjs"),
  yaml: () => import("shiki/langs/yaml.mjs"),
};

/** The colour theme of highlighted code (dark, like the app). */
export const codeTheme = "github-dark";

/** One highlighted piece of a line. */
export interface HighlightedToken {
  content: string;
  color?: string;
  italic?: boolean;
  bold?: boolean;
}

let highlighter: Promise<HighlighterCore> | undefined;

// The JavaScript regex engine avoids shipping and compiling the Oniguruma WebAssembly.
function loadHighlighter(): Promise<HighlighterCore> {
  highlighter ??= Promise.all([import("shiki/core"), import("shiki/engine/javascript")]).then(
    ([{ createHighlighterCore }, { createJavaScriptRegexEngine }]) =>
      createHighlighterCore({
        themes: [import("shiki/themes/github-dark.mjs")],
        langs: [],
        engine: createJavaScriptRegexEngine({ forgiving: true }),
      }),
  );
  return highlighter;
}

/** Whether a (normalised) language can be highlighted. */
export function isHighlightable(language: string): boolean {
  return Object.hasOwn(languages, language);
}

/**
 * The code's tokens per line, coloured by the theme; null for a language we do not highlight.
 * Shiki, the theme and the grammar are loaded on first use only.
 */
export async function highlightTokens(
  code: string,
  language: string,
): Promise<HighlightedToken[][] | null> {
  const load = languages[language];
  if (!load) return null;
  const core = await loadHighlighter();
  if (!core.getLoadedLanguages().includes(language)) {
    const grammar = await load();
    await core.loadLanguage(...grammar.default);
  }
  const { tokens } = core.codeToTokens(code, { lang: language, theme: codeTheme });
  return tokens.map((line) =>
    line.map((token) => {
      const out: HighlightedToken = { content: token.content };
      if (token.color) out.color = token.color;
      // Shiki's FontStyle flags: 1 italic, 2 bold.
      if (token.fontStyle && token.fontStyle & 1) out.italic = true;
      if (token.fontStyle && token.fontStyle & 2) out.bold = true;
      return out;
    }),
  );
}
