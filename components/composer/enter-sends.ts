/**
 * Whether Enter sends the message. Not where the primary pointer is coarse (a phone or tablet):
 * there the keyboard's Enter is the only way to start a new line, and the Send button is under
 * the thumb — what ChatGPT's and Claude's mobile pages do. Read at each key press, so a tablet
 * that gains a mouse follows it.
 */
export function enterSends(): boolean {
  return !window.matchMedia?.('(pointer: coarse)').matches;
}
