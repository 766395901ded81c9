import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { OnDemand } from './on-demand';

/**
 * Loads `part`; offline, waits for the network and tries again. React.lazy keeps a failed load
 * for good and the page's error boundary shows it, so without this one component first needed
 * offline (a notice, a dialog) would take the whole page down.
 */
async function loadWhenOnline<M>(part: OnDemand<M>): Promise<M> {
  for (;;) {
    try {
      return await part.load();
    } catch (error) {
      if (typeof navigator === 'undefined' || navigator.onLine) throw error;
      await new Promise<void>((resolve) =>
        window.addEventListener('online', () => resolve(), { once: true }),
      );
    }
  }
}

/**
 * A component of a module loaded on demand (`onDemand`), for rendering inside a `<Suspense>`: its
 * module is loaded when it first renders, or earlier by `part.load()`. Offline, it stays suspended
 * (its fallback shows) until the network is back.
 */
// React.lazy's own bound: a component of any props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyComponent<M, C extends ComponentType<any>>(
  part: OnDemand<M>,
  pick: (m: M) => C,
): LazyExoticComponent<C> {
  return lazy(() => loadWhenOnline(part).then((m) => ({ default: pick(m) })));
}
