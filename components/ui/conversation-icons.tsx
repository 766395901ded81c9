import { Icon, type IconProps } from './icon';

// What a conversation shows — messages, answers (reasoning, end states, figures) and the message
// box — in the chat page and the widget alike. The chat page's own controls have theirs in
// chat-page-icons.tsx, and the actions on an answer and its code blocks theirs in
// answer-action-icons.tsx, so the widget does not load them with its first answer (a module is
// loaded whole).

/** Two sheets (copy). */
export const CopyIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="9" y="9" width="11" height="11" rx="2" />
    <path d="M5 15V6a2 2 0 0 1 2-2h8" />
  </Icon>
);
/** Check mark. */
export const CheckIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </Icon>
);
/** Arrow pointing up (send). */
export const ArrowUpIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 19V5M5 12l7-7 7 7" />
  </Icon>
);
/** Arrow pointing down (jump to latest). */
export const ArrowDownIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 5v14M19 12l-7 7-7-7" />
  </Icon>
);
/** Filled square (stop). */
export const StopIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="7" y="7" width="10" height="10" rx="1.5" fill="currentColor" />
  </Icon>
);
/** Circular arrow (regenerate, retry). */
export const RefreshIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M20 11a8 8 0 1 0-2.3 5.7M20 5v6h-6" />
  </Icon>
);
/** Pencil (edit, rename). */
export const PencilIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16v4z" />
    <path d="M13.5 6.5l4 4" />
  </Icon>
);
/** Lightbulb (reasoning). */
export const BulbIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2V16h5v-.1c0-.8.4-1.5 1-2A6 6 0 0 0 12 3z" />
  </Icon>
);
/** Chevron pointing right. */
export const ChevronRightIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M9 6l6 6-6 6" />
  </Icon>
);
/** Chevron pointing left (previous version). */
export const ChevronLeftIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M15 6l-6 6 6 6" />
  </Icon>
);
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
