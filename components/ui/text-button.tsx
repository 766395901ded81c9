import { SECONDARY, TextButton, type TextButtonProps } from './text-button-base';

// Text buttons are the page's (dialogs, the sidebar): apart from button.tsx, whose icon buttons
// and focus ring every answer uses, and from text-button-base.tsx, whose secondary tone an
// answer's actions take, so the widget does not load these variants.

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

const VARIANTS: Record<Variant, string> = {
  primary:
    'bg-teal-700 text-white hover:bg-teal-800 disabled:bg-zinc-300 disabled:text-zinc-500 dark:bg-teal-500 dark:text-zinc-950 dark:hover:bg-teal-400 dark:disabled:bg-zinc-700 dark:disabled:text-zinc-400',
  secondary: SECONDARY,
  ghost: 'text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800',
  danger:
    'bg-red-600 text-white hover:bg-red-700 dark:bg-red-500 dark:hover:bg-red-400 dark:text-zinc-950',
};

interface ButtonProps extends Omit<TextButtonProps, 'tone'> {
  variant?: Variant;
}

/** A text button in one of the page's variants, with an optional leading icon. */
export function Button({ variant = 'secondary', ...rest }: ButtonProps) {
  return <TextButton tone={VARIANTS[variant]} {...rest} />;
}
