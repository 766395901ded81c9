import { z } from 'zod';
import {
  ANSWER_OUTCOMES,
  EMBED_PROTOCOL,
  EMBED_PROTOCOL_VERSION,
  EMBED_THEMES,
  MAX_UNREAD,
} from '../../lib/protocol/embed-wire';

/**
 * The embed postMessage protocol as zod schemas: the reference that both hand-written validators
 * — the iframe's (`lib/browser/embed/frame-messages.ts`) and the loader's (`widget/messages.ts`) — are
 * tested against. Neither side ships zod: the loader has a 3 KB budget and the iframe page one of
 * its own (docs/performance.md). Strict shapes: an extra field makes a message invalid.
 */
const envelope = {
  protocol: z.literal(EMBED_PROTOCOL),
  version: z.literal(EMBED_PROTOCOL_VERSION),
};

const message = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.strictObject({ ...envelope, type: z.literal(type), ...shape });

/** Host (loader) → iframe. */
export const hostMessageSchema = z.discriminatedUnion('type', [
  message('hello', {}),
  message('open', {}),
  message('close', {}),
  message('theme', { theme: z.enum(EMBED_THEMES) }),
]);

/** Iframe → host (loader). */
export const frameMessageSchema = z.discriminatedUnion('type', [
  message('ready', {}),
  message('close', {}),
  message('resize', { expanded: z.boolean() }),
  message('unread', { count: z.number().int().min(0).max(MAX_UNREAD) }),
  message('answer', { outcome: z.enum(ANSWER_OUTCOMES) }),
]);
