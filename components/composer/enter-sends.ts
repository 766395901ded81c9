import type { KeyboardEvent } from 'react';

/**
 * Whether Enter sends the message. Not where the primary pointer is coarse (a phone or tablet):
 * there the keyboard's Enter is the only way to start a new line, and the Send button is under
 * the thumb — what ChatGPT's and Claude's mobile pages do. Read at each key press, so a tablet
 * that gains a mouse follows it.
 */
export function enterSends(): boolean {
  return !window.matchMedia?.('(pointer: coarse)').matches;
}

/**
 * The message box's keys: Enter sends (not on a touch screen, nor while an input method composes),
 * Shift+Enter adds a line, Esc stops the answer streaming.
 */
export function composerKeyDown(
  e: KeyboardEvent<HTMLTextAreaElement>,
  { send, stop, running }: { send: () => void; stop: () => void; running: boolean },
): void {
  if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing && enterSends()) {
    e.preventDefault();
    send();
  } else if (e.key === 'Escape' && running) {
    e.preventDefault();
    stop();
  }
}
