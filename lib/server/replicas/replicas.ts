import 'server-only';

import type { ProviderConfig } from '../config/providers-config';
import { processSingleton } from '../process-singleton';
import { readyRedis } from '../redis/client';
import type { ActiveStreamCounter } from './active-counter';
import { createSharedCounter } from './redis-counter';
import { createReplicaPool, type ReplicaPool } from './replica-pool';

interface Registry {
  counter: ActiveStreamCounter;
  pools: Map<string, ReplicaPool>;
}

function registry(): Registry {
  return processSingleton('replicas', () => ({
    // Through Redis when REDIS_URL is set (every instance's streams), else this instance's.
    counter: createSharedCounter(readyRedis),
    pools: new Map<string, ReplicaPool>(),
  }));
}

/** The replica pool of a provider, one per process (the chat and health routes share it). */
export function replicaPool(provider: ProviderConfig): ReplicaPool {
  const { counter, pools } = registry();
  let pool = pools.get(provider.id);
  if (!pool) {
    pool = createReplicaPool(provider.id, provider.baseURLs, counter, () => performance.now());
    pools.set(provider.id, pool);
  }
  return pool;
}
