import { Icon, type IconProps } from './icon';

// The actions on an answer and its parts: a code block's Download (also the export menu's; Wrap is
// drawn by the block's tools alone, which hold it), More beside the figures (and a conversation's
// options), the thumbs. The widget loads these parts on demand (docs/performance.md), so their icons
// are not in conversation-icons.tsx.

/** Arrow into a tray (download, export). */
export const DownloadIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
  </Icon>
);
/** Three dots (more). */
export const DotsIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 12h.01M12 12h.01M19 12h.01" strokeWidth={3} />
  </Icon>
);
/** A raised thumb (a good answer); filled when given. */
export const ThumbUpIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M7 10v10H4V10h3zm0 0 4-7a2 2 0 0 1 3 2l-1 4h5a2 2 0 0 1 2 2.3l-1.2 7A2 2 0 0 1 16.8 20H7" />
  </Icon>
);
/** A lowered thumb (a bad answer); filled when given. */
export const ThumbDownIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M7 14V4H4v10h3zm0 0 4 7a2 2 0 0 0 3-2l-1-4h5a2 2 0 0 0 2-2.3l-1.2-7A2 2 0 0 0 16.8 4H7" />
  </Icon>
);
