/**
 * A field's label (tools spec §5): its schema title, else its name with snake_case (also
 * kebab-case and camelCase) turned into Title Case: `min_amount` → 'Min Amount'.
 */
export function fieldLabel(name: string, title?: unknown): string {
  if (typeof title === "string" && title.trim() !== "") return title.trim();
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[_\-\s]+/)
    .filter((word) => word !== "");
  if (words.length === 0) return name;
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(" ");
}
