import type { ComponentProps } from "react";

// The house's buttons: a variant says what the action is, a size where it stands. Links that act as buttons take `buttonClass` so both look alike.

const VARIANTS = {
  /** The page's main action. */
  primary: "bg-brand-700 text-white shadow-sm hover:bg-brand-800",
  /** Deletes something for good. */
  danger: "bg-red-700 text-white shadow-sm hover:bg-red-800",
  /** On the dark hero, where brand blue would sink. */
  accent: "bg-accent-400 text-stone-950 shadow hover:bg-amber-300",
  /** Moving on without acting: back, more, cancel. */
  secondary: "border border-stone-300 bg-white text-stone-800 hover:bg-stone-100",
  /** A second action beside content. */
  outline: "border border-brand-700 text-brand-800 hover:bg-brand-50",
  /** Closing or dismissing. */
  ghost: "text-stone-700 hover:bg-stone-100",
} as const;

const SIZES = {
  sm: "px-3 py-1.5 text-sm",
  md: "px-4 py-2",
  lg: "px-5 py-2.5",
  xl: "px-6 py-3",
} as const;

type Look = { variant?: keyof typeof VARIANTS; size?: keyof typeof SIZES };

export function buttonClass({ variant = "primary", size = "lg" }: Look = {}, extra?: string): string {
  const base = "inline-flex items-center justify-center rounded-md font-semibold disabled:opacity-70";
  return [base, VARIANTS[variant], SIZES[size], extra].filter(Boolean).join(" ");
}

/** `type` is required: a button inside a form submits it unless told otherwise. */
export function Button({ variant, size, className, type, ...props }: Look & ComponentProps<"button"> & { type: "submit" | "button" }) {
  return <button type={type} className={buttonClass({ variant, size }, className)} {...props} />;
}
