import { z } from '../../protocol/zod';
import {
  ANSWER_OUTCOMES,
  EMBED_PROTOCOL,
  EMBED_PROTOCOL_VERSION,
  EMBED_THEMES,
  MAX_UNREAD,
} from '../../protocol/embed-wire';

/**
 * The postMessage protocol between the loader (`public/widget.js`, on the host page) and the
 * `/embed` iframe (docs/embedding.md). Every message is a small, flat, versioned object; both directions are
 * closed sets of strict shapes, so a message can never carry HTML, a URL or anything else to act on
 * beyond what is listed here. The loader cannot ship zod (3 KB budget): it has its own tiny
 * validator, `widget/messages.ts`, kept in step with these schemas by a conformance test.
 */
const envelope = {
  protocol: z.literal(EMBED_PROTOCOL),
  version: z.literal(EMBED_PROTOCOL_VERSION),
};

const message = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.strictObject({ ...envelope, type: z.literal(type), ...shape });

/** Host (loader) → iframe. */
export const hostMessageSchema = z.discriminatedUnion('type', [
  /** The handshake: its `event.origin` is what the iframe checks against the allowlist. */
  message('hello', {}),
  /** The panel was shown: focus the composer, reset the unread count. */
  message('open', {}),
  /** The panel was hidden: count answers that finish from now on as unread. */
  message('close', {}),
  /** The host page switched theme (`Runnel.setTheme`). */
  message('theme', { theme: z.enum(EMBED_THEMES) }),
]);

/** Iframe → host (loader). */
const frameMessageSchema = z.discriminatedUnion('type', [
  /** Answer to `hello`: the iframe accepted the host's origin and will talk to it only. */
  message('ready', {}),
  /** The visitor asked to close the panel (close button, Escape inside the iframe). */
  message('close', {}),
  /** The visitor asked for the larger panel, or back to the compact one. */
  message('resize', { expanded: z.boolean() }),
  /** Answers that finished while the panel was hidden. */
  message('unread', { count: z.number().int().min(0).max(MAX_UNREAD) }),
  /** An answer ended; how, but never what it said (the host page is not told the conversation). */
  message('answer', { outcome: z.enum(ANSWER_OUTCOMES) }),
]);

export type HostMessage = z.infer<typeof hostMessageSchema>;
export type FrameMessage = z.infer<typeof frameMessageSchema>;

type Payload<M> = M extends unknown ? Omit<M, 'protocol' | 'version'> : never;
export type HostMessageInput = Payload<HostMessage>;
export type FrameMessageInput = Payload<FrameMessage>;

/** A host message, or null for anything that is not exactly one (wrong version included). */
export function parseHostMessage(data: unknown): HostMessage | null {
  const result = hostMessageSchema.safeParse(data);
  return result.success ? result.data : null;
}

/** A frame message, or null for anything that is not exactly one. */
export function parseFrameMessage(data: unknown): FrameMessage | null {
  const result = frameMessageSchema.safeParse(data);
  return result.success ? result.data : null;
}

/** Wraps a payload in the protocol envelope. */
export function frameMessage(payload: FrameMessageInput): FrameMessage {
  return { protocol: EMBED_PROTOCOL, version: EMBED_PROTOCOL_VERSION, ...payload } as FrameMessage;
}

/** Wraps a payload in the protocol envelope. */
export function hostMessage(payload: HostMessageInput): HostMessage {
  return { protocol: EMBED_PROTOCOL, version: EMBED_PROTOCOL_VERSION, ...payload } as HostMessage;
}
