/** Background used when an avatar has no seed: the orange primary (core spec §2.7). */
export const defaultAvatarColor = "bg-primary-500";

// Full class names so Tailwind keeps them; orange first, like the chart palette.
const palette = [
  "bg-primary-500",
  "bg-sky-600",
  "bg-emerald-600",
  "bg-violet-600",
  "bg-rose-600",
  "bg-amber-600",
  "bg-teal-600",
  "bg-indigo-600",
] as const;

/** A colour class picked deterministically from a seed (FNV-1a hash); orange without one. */
export function avatarColor(seed: string | undefined | null): string {
  if (!seed) return defaultAvatarColor;
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    hash ^= seed.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return palette[(hash >>> 0) % palette.length] ?? defaultAvatarColor;
}

/** Up to two initials: of the first two words, else the first two letters; '?' for none. */
export function avatarInitials(name: string): string {
  const words = name
    .trim()
    .split(/[\s_\-.]+/)
    .filter((word) => word.length > 0);
  const first = words[0];
  if (!first) return "?";
  const second = words[1];
  const letters = second ? `${first[0]}${second[0]}` : first.slice(0, 2);
  return letters.toUpperCase();
}
