import { avatarColor, avatarInitials } from "./avatar-style.js";

const sizes = {
  sm: "h-8 w-8 text-xs",
  md: "h-10 w-10 text-sm",
  lg: "h-14 w-14 text-lg",
} as const;

/** Props of AgentAvatar. */
export interface AgentAvatarProps {
  /** The name the initials come from. */
  name: string;
  /** Picks the colour (the agent's name); orange when absent. */
  seed?: string;
  size?: keyof typeof sizes;
}

/** An agent's round initials badge, coloured from its seed. */
export function AgentAvatar({ name, seed, size = "md" }: AgentAvatarProps) {
  return (
    <span
      aria-hidden="true"
      data-testid="agent-avatar"
      className={`inline-flex shrink-0 select-none items-center justify-center rounded-full font-semibold text-white ${sizes[size]} ${avatarColor(seed)}`}
    >
      {avatarInitials(name)}
    </span>
  );
}
