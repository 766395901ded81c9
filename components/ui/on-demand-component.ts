import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { OnDemand } from './on-demand';

/**
 * A component of a module loaded on demand (`onDemand`), for rendering inside a `<Suspense>`: its
 * module is loaded when it first renders, or earlier by `part.load()`. A failed load (the server
 * restarting, the network down) is tried again after 2 s, then twice as long each time up to a
 * minute, while the `<Suspense>` shows its fallback: `lazy` keeps a failure for good and throws it
 * where the component renders, which would take the whole page down for a part that can wait.
 */
// React.lazy's own bound: a component of any props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyComponent<M, C extends ComponentType<any>>(
  part: OnDemand<M>,
  pick: (m: M) => C,
): LazyExoticComponent<C> {
  let pause = 1000;
  const load = (): Promise<{ default: C }> =>
    part.load().then(
      (m) => ({ default: pick(m) }),
      () =>
        new Promise((wait) => setTimeout(wait, (pause = Math.min(2 * pause, 60_000)))).then(load),
    );
  return lazy(load);
}
