import { isOriginAllowed, type EmbedAllowlist } from '../../protocol/embed-origins';
import {
  frameMessage,
  parseHostMessage,
  type FrameMessageInput,
  type HostMessage,
} from './frame-messages';

/** The parts of `window` the bridge uses, so tests can drive it with plain objects. */
export interface BridgeWindow {
  readonly parent: { postMessage(message: unknown, targetOrigin: string): void } | null;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

interface FrameBridgeOptions {
  win: BridgeWindow;
  allowlist: EmbedAllowlist;
  /** A command from the verified parent (`open`, `close`, `theme`); never `hello`. */
  onCommand: (message: Exclude<HostMessage, { type: 'hello' }>) => void;
  /** The handshake succeeded with this parent origin. */
  onConnect?: (origin: string) => void;
  /**
   * A parent origin an earlier bridge of this page verified (a React effect re-run replaces the
   * bridge; the loader does not repeat its handshake once it has heard `ready`).
   */
  verifiedOrigin?: string | null;
}

export interface FrameBridge {
  /** Sends to the verified parent; false (and nothing sent) before the handshake. */
  send(payload: FrameMessageInput): boolean;
  /** The parent origin verified in the handshake, or null. */
  parentOrigin(): string | null;
  /** Handles a message event received before the bridge existed (see early-messages.ts). */
  receive(event: MessageEvent): void;
  dispose(): void;
}

/**
 * The iframe side of the embed protocol (docs/embedding.md, "Security model"). It listens only to its own parent window
 * (`event.source`), takes the parent's origin from the browser-set `event.origin` of the first
 * valid `hello` — never from message content — and only if the allowlist has it. From then on it
 * accepts messages only from that window and origin and sends only to that origin: never `'*'`,
 * so nothing reaches a page that navigated the parent away or framed us without permission.
 */
export function createFrameBridge({
  win,
  allowlist,
  onCommand,
  onConnect,
  verifiedOrigin = null,
}: FrameBridgeOptions): FrameBridge {
  let origin = verifiedOrigin && isOriginAllowed(allowlist, verifiedOrigin) ? verifiedOrigin : null;

  const post = (payload: FrameMessageInput) => {
    if (!origin || !win.parent) return false;
    win.parent.postMessage(frameMessage(payload), origin);
    return true;
  };

  const listener = (event: MessageEvent) => {
    // A top-level page is its own parent: nothing to talk to. A sibling or child frame is not the
    // parent: whatever it says is ignored.
    if (!win.parent || (win.parent as unknown) === win || event.source !== win.parent) return;
    const message = parseHostMessage(event.data);
    if (!message) return;
    if (origin === null) {
      if (message.type !== 'hello' || !isOriginAllowed(allowlist, event.origin)) return;
      origin = event.origin;
      post({ type: 'ready' });
      onConnect?.(origin);
      return;
    }
    if (event.origin !== origin) return;
    // The loader repeats `hello` until it hears `ready` (the page may hydrate after its first try).
    if (message.type === 'hello') post({ type: 'ready' });
    else onCommand(message);
  };

  win.addEventListener('message', listener);
  return {
    send: post,
    parentOrigin: () => origin,
    receive: listener,
    dispose: () => win.removeEventListener('message', listener),
  };
}
