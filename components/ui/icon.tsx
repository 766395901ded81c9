import type { SVGProps } from 'react';

/** Props of every icon: an SVG's. */
export type IconProps = SVGProps<SVGSVGElement>;

/** A 24×24 stroke icon; decorative (aria-hidden) unless given a title by its caller. */
export function Icon({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}
