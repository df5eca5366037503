/** Tailwind classes of a badge's colour family. */
export type BadgeTone = "blue" | "green" | "gray" | "yellow" | "red";

const tones: Record<string, BadgeTone> = {
  admin: "blue",
  user: "green",
  active: "green",
  healthy: "green",
  success: "green",
  guest: "gray",
  inactive: "yellow",
  warning: "yellow",
  suspended: "red",
  error: "red",
  critical: "red",
};

/** Core spec §5: the colour of a badge value (case-insensitive); anything unknown is gray. */
export function badgeTone(value: unknown): BadgeTone {
  if (typeof value !== "string") return "gray";
  return tones[value.trim().toLowerCase()] ?? "gray";
}

const toneClasses: Record<BadgeTone, string> = {
  blue: "bg-blue-500/15 text-blue-300 ring-blue-500/30",
  green: "bg-green-500/15 text-green-300 ring-green-500/30",
  gray: "bg-neutral-500/15 text-neutral-300 ring-neutral-500/30",
  yellow: "bg-yellow-500/15 text-yellow-300 ring-yellow-500/30",
  red: "bg-red-500/15 text-red-300 ring-red-500/30",
};

/** The Tailwind classes of a badge of that value. */
export function badgeClasses(value: unknown): string {
  return toneClasses[badgeTone(value)];
}
