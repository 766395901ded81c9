import { isAssistant } from './message';
import { untilLoaded } from './persistence';
import type { createRemoteSync, RemoteSyncDeps } from './remote-sync';

type RemoteSync = ReturnType<typeof createRemoteSync>;

/**
 * `createRemoteSync` loaded when another tab first does something: a tab alone never needs the
 * code that merges other tabs' changes in (docs/performance.md). Calls made while it loads run, in
 * order, once it has. A load that fails (offline, a chunk gone after a redeploy) is tried again,
 * the calls kept: another tab's Stop still stops here, an answer left streaming by a reload is
 * still followed.
 */
export function createLazyRemoteSync(deps: RemoteSyncDeps): RemoteSync {
  let real: RemoteSync | null = null;
  let loading: Promise<RemoteSync> | null = null;
  const load = () =>
    (loading ??= untilLoaded(() => import('./remote-sync')).then(
      (m) => (real = m.createRemoteSync(deps)),
    ));

  /** An answer of the conversation streams, but not in this tab (another tab may be writing it). */
  const streamsElsewhere = (id: string) => {
    const s = deps.get();
    return (s.conversations[id]?.messages ?? []).some(
      (m) => isAssistant(m) && m.status === 'streaming' && s.running[id] !== m.id,
    );
  };

  return {
    watchStreaming(id) {
      if (real) real.watchStreaming(id);
      else if (loading || streamsElsewhere(id)) void load().then((r) => r.watchStreaming(id));
    },
    receive(message) {
      if (real) real.receive(message);
      else void load().then((r) => r.receive(message));
    },
    afterHydration() {
      if (real) real.afterHydration();
      else if (loading) void loading.then((r) => r.afterHydration());
    },
  };
}
