const glyphs: Record<string, string> = {
  activity: "📈",
  alert: "⚠️",
  "alert-triangle": "⚠️",
  "bar-chart": "📊",
  bot: "🤖",
  check: "✅",
  clock: "⏱️",
  database: "🗄️",
  file: "📄",
  "file-text": "📄",
  folder: "📁",
  globe: "🌐",
  hash: "#",
  info: "ℹ️",
  key: "🔑",
  memory: "🧠",
  "message-square": "💬",
  radio: "📡",
  rocket: "🚀",
  server: "🖥️",
  sparkles: "✨",
  star: "⭐",
  table: "📋",
  user: "👤",
  users: "👥",
  wrench: "🔧",
};

/**
 * A glyph for an icon name sent by an agent. Agents name icons (lucide-style) rather than ship
 * them, so we map the common names to emoji; a value that is already a symbol is shown as is.
 */
export function iconGlyph(name: unknown): string | undefined {
  if (typeof name !== "string" || name.trim() === "") return undefined;
  const key = name.trim().toLowerCase();
  const known = glyphs[key];
  if (known) return known;
  // Anything without letters (an emoji, a symbol) is already displayable.
  return /[a-z]/i.test(name) ? undefined : name.trim();
}
