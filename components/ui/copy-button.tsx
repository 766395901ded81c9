'use client';

import { useEffect, useState } from 'react';
import { IconButton } from './button';
import { CheckIcon, CopyIcon } from './conversation-icons';

/** Writes text to the clipboard; falls back to a hidden textarea where the API is missing. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Clipboard API unavailable (plain http, older browsers): the selection trick still works.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

/** An icon button that copies `text` and confirms with a check mark for a moment. */
export function CopyButton({
  text,
  label = 'Copy',
  size = 'sm',
  className,
}: {
  text: string | (() => string);
  label?: string;
  size?: 'sm' | 'md';
  className?: string;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <IconButton
      label={copied ? 'Copied' : label}
      size={size}
      {...(className ? { className } : {})}
      onClick={async () => {
        if (await copyText(typeof text === 'function' ? text() : text)) setCopied(true);
      }}
    >
      {copied ? <CheckIcon className="text-teal-600 dark:text-teal-400" /> : <CopyIcon />}
    </IconButton>
  );
}
