import { Icon, type IconProps } from './icon';

// The widget's title bar draws it in its first load; on the chat page only what loads on demand
// does (dialogs, a notice, an attachment chip), so it is in neither icon file of the page.

/** Cross (close). */
export const CloseIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Icon>
);
