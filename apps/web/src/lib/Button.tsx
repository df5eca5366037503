import type { ButtonHTMLAttributes } from "react";

type Variant = "primary" | "secondary";

const variants: Record<Variant, string> = {
  primary: "bg-primary-500 text-neutral-950 hover:bg-primary-400",
  secondary: "border border-border bg-surface-raised text-neutral-100 hover:bg-neutral-800",
};

/** The app's button: orange primary or a quiet secondary. */
export function Button({
  variant = "primary",
  className = "",
  type = "button",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return (
    <button
      type={type}
      className={`inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition-colors duration-150 disabled:opacity-50 ${variants[variant]} ${className}`}
      {...props}
    />
  );
}
