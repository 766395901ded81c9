/** What `Runnel.on` can listen to, and what each listener receives. */
export interface WidgetEvents {
  ready: undefined;
  open: undefined;
  close: undefined;
  unread: number;
  answer: { outcome: string };
}

export type WidgetEventName = keyof WidgetEvents;

/**
 * A tiny event emitter for the host page's listeners. A listener that throws is reported and
 * skipped, so a bug in the host page's code cannot break the widget.
 */
export function createEmitter() {
  type Listener = (payload: unknown) => void;
  const listeners: Partial<Record<WidgetEventName, Set<Listener>>> = {};
  return {
    on<K extends WidgetEventName>(name: K, fn: (payload: WidgetEvents[K]) => void): () => void {
      const set = (listeners[name] ??= new Set());
      set.add(fn as Listener);
      return () => void set.delete(fn as Listener);
    },
    emit<K extends WidgetEventName>(name: K, payload: WidgetEvents[K]): void {
      for (const fn of listeners[name] ?? []) {
        try {
          fn(payload);
        } catch (error) {
          console.error(error);
        }
      }
    },
  };
}
