import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { OnDemand } from './on-demand';

/**
 * A component of a module loaded on demand (`onDemand`), for rendering inside a `<Suspense>`: its
 * module is loaded when it first renders, or earlier by `part.load()`.
 */
// React.lazy's own bound: a component of any props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyComponent<M, C extends ComponentType<any>>(
  part: OnDemand<M>,
  pick: (m: M) => C,
): LazyExoticComponent<C> {
  return lazy(() => part.load().then((m) => ({ default: pick(m) })));
}
