// Icons shown only by parts loaded when first needed (how an answer ended, versions, tools,
// attachments, code wrapping, a conversation's options).
import { Icon, type IconProps } from './icons';

/** Triangle with exclamation mark (warning). */
export const AlertIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3l9.5 17h-19L12 3z" />
    <path d="M12 10v4M12 17.5v.01" />
  </Icon>
);
/** Forward arrow (continue). */
export const ForwardIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 12h12M13 6l6 6-6 6" />
  </Icon>
);
/** Wrench (tool call). */
export const ToolIcon = (p: IconProps) => (
  <Icon {...p}>
    <path
      d="M14.5 6.5a4 4 0 0 0 5 5L21 13l-8 8-4-4 8-8-1.5-1.5a4 4 0 0 1-1-1z"
      transform="translate(-3 -1)"
    />
  </Icon>
);
/** Wrapped lines (code wrap). */
export const WrapIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 6h16M4 12h13a3 3 0 0 1 0 6h-4m2-2-2 2 2 2M4 18h5" />
  </Icon>
);
/** A document (attached text file). */
export const FileIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
    <path d="M14 3v5h5M9 13h6M9 17h6" />
  </Icon>
);
/** Chevron pointing left (previous version). */
export const ChevronLeftIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M15 6l-6 6 6 6" />
  </Icon>
);
/** Pushpin (pinned conversations). */
export const PinIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M9 4h6M10 4v5l-3 4h10l-3-4V4M12 13v7" />
  </Icon>
);
/** Bin (delete). */
export const TrashIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
  </Icon>
);
