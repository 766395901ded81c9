import {
  EMBED_PROTOCOL,
  EMBED_PROTOCOL_VERSION,
  EMBED_THEMES,
  type AnswerOutcome,
  type EmbedTheme,
} from '../../protocol/embed-wire';

/**
 * The postMessage protocol between the loader (`public/widget.js`, on the host page) and the
 * `/embed` iframe (docs/embedding.md). Every message is a small, flat, versioned object; both directions are
 * closed sets of strict shapes, so a message can never carry HTML, a URL or anything else to act on
 * beyond what is listed here. Each side validates what it receives by hand — the loader in
 * `widget/messages.ts`, the iframe here — without a schema library, which would not fit either
 * side's size budget; both are tested against the zod schemas in
 * `testing/unit/embed-message-schemas.ts`.
 */
interface Envelope {
  protocol: typeof EMBED_PROTOCOL;
  version: typeof EMBED_PROTOCOL_VERSION;
}

/** Host (loader) → iframe. */
export type HostMessage = Envelope &
  (
    | /** The handshake: its `event.origin` is what the iframe checks against the allowlist. */
      { type: 'hello' }
      /** The panel was shown: focus the composer, reset the unread count. */
    | { type: 'open' }
    /** The panel was hidden: count answers that finish from now on as unread. */
    | { type: 'close' }
    /** The host page switched theme (`Runnel.setTheme`). */
    | { type: 'theme'; theme: EmbedTheme }
  );

/** Iframe → host (loader). */
export type FrameMessage = Envelope &
  (
    | /** Answer to `hello`: the iframe accepted the host's origin and will talk to it only. */
      { type: 'ready' }
      /** The visitor asked to close the panel (close button, Escape inside the iframe). */
    | { type: 'close' }
    /** The visitor asked for the larger panel, or back to the compact one. */
    | { type: 'resize'; expanded: boolean }
    /** Answers that finished while the panel was hidden. */
    | { type: 'unread'; count: number }
    /** An answer ended; how, but never what it said (the host page is not told the conversation). */
    | { type: 'answer'; outcome: AnswerOutcome }
  );

type Payload<M> = M extends unknown ? Omit<M, 'protocol' | 'version'> : never;
export type HostMessageInput = Payload<HostMessage>;
export type FrameMessageInput = Payload<FrameMessage>;

/**
 * A host message, or null for anything that is not exactly one (wrong version, an extra field).
 * Returns a fresh object with only the known fields, never the received one.
 */
export function parseHostMessage(data: unknown): HostMessage | null {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const d = data as Record<string, unknown>;
  if (d.protocol !== EMBED_PROTOCOL || d.version !== EMBED_PROTOCOL_VERSION) return null;
  // Envelope and type are three fields; anything beyond a message's own is refused.
  const extra = Object.keys(d).length - 3;
  const { type, theme } = d;
  if ((type === 'hello' || type === 'open' || type === 'close') && extra === 0) {
    return hostMessage({ type });
  }
  if (type === 'theme' && extra === 1 && (EMBED_THEMES as readonly unknown[]).includes(theme)) {
    return hostMessage({ type, theme: theme as EmbedTheme });
  }
  return null;
}

/** Wraps a payload in the protocol envelope. */
export function frameMessage(payload: FrameMessageInput): FrameMessage {
  return { protocol: EMBED_PROTOCOL, version: EMBED_PROTOCOL_VERSION, ...payload } as FrameMessage;
}

/** Wraps a payload in the protocol envelope. */
export function hostMessage(payload: HostMessageInput): HostMessage {
  return { protocol: EMBED_PROTOCOL, version: EMBED_PROTOCOL_VERSION, ...payload } as HostMessage;
}
