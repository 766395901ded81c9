import {
  ANSWER_OUTCOMES,
  EMBED_PROTOCOL,
  EMBED_PROTOCOL_VERSION,
  MAX_UNREAD,
  type AnswerOutcome,
  type EmbedTheme,
} from '../lib/protocol/embed-wire';

/** A message from the iframe, as the loader acts on it (`lib/browser/embed/frame-messages.ts` is the spec). */
type FrameEvent =
  | { type: 'ready' | 'close' }
  | { type: 'resize'; expanded: boolean }
  | { type: 'unread'; count: number }
  | { type: 'answer'; outcome: AnswerOutcome };

/** What the loader sends to the iframe. */
export type HostCommand =
  { type: 'hello' | 'open' | 'close' } | { type: 'theme'; theme: EmbedTheme };

/**
 * Validates a message from the iframe exactly like the protocol's schema
 * (`testing/unit/embed-message-schemas.ts`; strict shapes: no extra fields), without zod, which
 * would not fit the loader's 3 KB budget. Returns a fresh object with
 * only the known fields, never the received one. `widget/messages.test.ts` checks both agree.
 */
export function readFrameMessage(data: unknown): FrameEvent | null {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const d = data as Record<string, unknown>;
  if (d.protocol !== EMBED_PROTOCOL || d.version !== EMBED_PROTOCOL_VERSION) return null;
  const extra = Object.keys(d).length - 3;
  const { type, expanded, count, outcome } = d;
  if ((type === 'ready' || type === 'close') && !extra) return { type };
  if (extra !== 1) return null;
  if (type === 'resize' && typeof expanded === 'boolean') return { type, expanded };
  if (
    type === 'unread' &&
    Number.isInteger(count) &&
    (count as number) >= 0 &&
    (count as number) <= MAX_UNREAD
  ) {
    return { type, count: count as number };
  }
  if (type === 'answer' && (ANSWER_OUTCOMES as readonly unknown[]).includes(outcome)) {
    return { type, outcome: outcome as AnswerOutcome };
  }
  return null;
}

/** Wraps a command in the protocol envelope. */
export function hostMessage(command: HostCommand) {
  return { protocol: EMBED_PROTOCOL, version: EMBED_PROTOCOL_VERSION, ...command };
}
