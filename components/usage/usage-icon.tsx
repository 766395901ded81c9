import { Icon, type IconProps } from '../ui/icon';

/** Bars of a chart: the usage view's button (signed-in pages only, so not with the page's icons). */
export const BarChartIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 20h16" />
    <path d="M7 16v-5M12 16V6M17 16v-8" />
  </Icon>
);
