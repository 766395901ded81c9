'use client';

import { useContext } from 'react';
import { IconButton } from '../ui/button';
import { MonitorIcon, MoonIcon, SunIcon } from '../ui/chat-page-icons';
import { ThemeContext, type ThemePreference } from './theme-provider';

const NEXT: Record<ThemePreference, ThemePreference> = {
  system: 'light',
  light: 'dark',
  dark: 'system',
};
const LABEL: Record<ThemePreference, string> = {
  system: 'System theme',
  light: 'Light theme',
  dark: 'Dark theme',
};

/** Cycles system → light → dark; the icon shows the current choice. */
export function ThemeToggle() {
  const { preference, setPreference } = useContext(ThemeContext);
  const Icon = preference === 'light' ? SunIcon : preference === 'dark' ? MoonIcon : MonitorIcon;
  return (
    <IconButton
      label={`${LABEL[preference]} (switch to ${LABEL[NEXT[preference]].toLowerCase()})`}
      onClick={() => setPreference(NEXT[preference])}
    >
      <Icon />
    </IconButton>
  );
}
