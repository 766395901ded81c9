// The widget's own header: apart from the icons of messages and the composer, so the chat page,
// which shares that module with the widget, does not load them.
import { Icon, type IconProps } from '../ui/icon';

export const ExpandIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M14 4h6v6M10 20H4v-6M20 4l-7 7M4 20l7-7" />
  </Icon>
);
export const CollapseIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M20 10h-6V4M4 14h6v6M14 10l7-7M10 14l-7 7" />
  </Icon>
);
export const NewChatIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 20H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v6M12 8v6M9 11h6M17 16v6M14 19h6" />
  </Icon>
);
