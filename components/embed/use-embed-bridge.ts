'use client';

import { useEffect, useRef, useState } from 'react';
import { createFrameBridge, type FrameBridge } from '@/lib/browser/embed/frame-bridge';
import type { EmbedAllowlist } from '@/lib/protocol/embed-origins';
import type { FrameMessageInput, HostMessage } from '@/lib/browser/embed/frame-messages';
import { takeEarlyMessages } from './early-messages';

type HostCommand = Exclude<HostMessage, { type: 'hello' }>;

type Send = (payload: FrameMessageInput) => void;

interface EmbedBridge {
  /** True once the host page completed the handshake (we are in the widget, not opened directly). */
  connected: boolean;
  /** Sends to the verified host; a no-op before the handshake. */
  send: Send;
}

/**
 * Connects the page to the loader on its parent (lib/browser/embed/frame-bridge.ts does the checking).
 * `onCommand` may change every render; the bridge is created once per allowlist.
 */
export function useEmbedBridge(
  allowlist: EmbedAllowlist,
  onCommand: (command: HostCommand, send: Send) => void,
  /** The host's origin, once verified (the widget's chat requests name it for per-site limits). */
  onHostOrigin?: (origin: string) => void,
): EmbedBridge {
  const [connected, setConnected] = useState(false);
  const bridgeRef = useRef<FrameBridge | null>(null);
  const originRef = useRef<string | null>(null);
  const commandRef = useRef(onCommand);
  const hostOriginRef = useRef(onHostOrigin);
  const [send] = useState<Send>(
    () => (payload: FrameMessageInput) => void bridgeRef.current?.send(payload),
  );
  useEffect(() => {
    commandRef.current = onCommand;
    hostOriginRef.current = onHostOrigin;
  });

  useEffect(() => {
    // Taken in the same task as the bridge starts listening: no message falls between the two.
    const early = takeEarlyMessages(window);
    const bridge = createFrameBridge({
      win: window,
      allowlist,
      onCommand: (command) => commandRef.current(command, send),
      onConnect: (origin) => {
        originRef.current = origin;
        hostOriginRef.current?.(origin);
        setConnected(true);
      },
      verifiedOrigin: originRef.current,
    });
    for (const event of early) bridge.receive(event);
    bridgeRef.current = bridge;
    return () => {
      bridge.dispose();
      bridgeRef.current = null;
    };
  }, [allowlist, send]);

  return { connected, send };
}
