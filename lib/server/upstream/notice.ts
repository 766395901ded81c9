import 'server-only';

/**
 * tAI ends a failed generation "cleanly": one content chunk holding a short bracketed notice, a
 * finish chunk with `stop`, then `[DONE]` (tAI's documentation). A content delta that is exactly one bracketed
 * phrase is held back; if the stream finishes right after it, it was the notice, not an answer.
 */
const NOTICE = /^\s*\[([^[\]\n]{3,300})\]\s*$/;

/** The notice text when `delta` looks like tAI's bracketed failure notice. */
export function matchBracketedNotice(delta: string): string | undefined {
  return NOTICE.exec(delta)?.[1]?.trim();
}
