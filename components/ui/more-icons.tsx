import { Icon, type IconProps } from './icons';

/** Chevron pointing left (previous version). */
export const ChevronLeftIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M15 6l-6 6 6 6" />
  </Icon>
);
/** Magnifying glass (search). */
export const SearchIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="M16 16l4.5 4.5" />
  </Icon>
);
/** Pushpin (pinned conversations). */
export const PinIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M9 4h6M10 4v5l-3 4h10l-3-4V4M12 13v7" />
  </Icon>
);
/** Three dots (more options). */
export const MoreIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 12h.01M12 12h.01M18 12h.01" strokeWidth={3} />
  </Icon>
);
/** A panel with a sidebar (show or hide the sidebar). */
export const SidebarIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3.5" y="4.5" width="17" height="15" rx="2.5" />
    <path d="M9.5 4.5v15" />
  </Icon>
);
/** Arrow out of a tray (import a file). */
export const UploadIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 15V4M7.5 8.5 12 4l4.5 4.5M5 15v3.5A1.5 1.5 0 0 0 6.5 20h11a1.5 1.5 0 0 0 1.5-1.5V15" />
  </Icon>
);
