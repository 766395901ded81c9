/**
 * `bench:engine`'s last part, the hop alone: the same four ways as with the engine, in turn, but to
 * an upstream that answers at once: the scenario backend's llama.cpp `chat` (its own process, with
 * no delay between tokens). The engine's own first token varies by ±20 ms from one request to the
 * next, more than the 2 ms the target is about; here the upstream's answer takes a millisecond or
 * two, so what each way adds to the first token shows to a fraction of a millisecond: any Node
 * gateway's hop (plain Node), Next's request handling on top of it (Next alone, the raw pipe) and
 * Runnel's own work on top of that.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { freePort } from '../../testing/stack/free-port';
import { setTokenDelay } from '../../testing/scenario-backend/pacing';
import { startBackendProcess, type BackendProcess } from '../../testing/scenario-backend/process';
import { startStandalone, type StandaloneApp } from '../../testing/stack/standalone';
import { openAIStream, throughRunnel } from './measure';
import { spawnReady } from './spawn-ready';

const HOP_WAYS = ['direct', 'node', 'next', 'runnel'] as const;
export type HopWay = (typeof HOP_WAYS)[number];

/** The scenario backend's llama.cpp answer, with reasoning, text, `timings` and usage. */
const MODEL = 'chat';

/** First-token times (ms) of `rounds` rounds, each way once a round in turning order. */
export async function measureHop(rounds: number): Promise<Record<HopWay, number[]>> {
  const children: ChildProcess[] = [];
  let backend: BackendProcess | undefined;
  let app: StandaloneApp | undefined;
  try {
    backend = await startBackendProcess();
    // No pacing: the whole answer goes out as soon as the request is read.
    await setTokenDelay(backend.url, 0);
    const upstream = `${backend.url}/llamacpp/v1`;
    const nodePipePort = await freePort();
    children.push(
      await spawnReady('scripts/bench-engine/node-pipe.ts', [String(nodePipePort), upstream]),
    );
    mkdirSync('.runnel/bench', { recursive: true });
    const providersFile = resolve('.runnel/bench/providers-hop.json');
    // The same preset as the local engine's, so that Runnel does the same work per request.
    const provider = { id: 'hop', label: 'Hop', baseURL: upstream, preset: 'llamacpp' };
    writeFileSync(providersFile, JSON.stringify([{ ...provider, models: [{ id: MODEL }] }]));
    app = await startStandalone({
      PROVIDERS_FILE: providersFile,
      BENCH_RAW_PIPE: '1',
      LOG_LEVEL: 'warn',
      NEXT_TELEMETRY_DISABLED: '1',
    });
    const messages = [{ role: 'user', content: 'Say hello.' }];
    // As Runnel asks it: the usage at the end carries the answer's token count.
    const body = { model: MODEL, messages, stream: true, stream_options: { include_usage: true } };
    const ways: Record<HopWay, () => Promise<{ ttftMs: number }>> = {
      direct: () => openAIStream(`${upstream}/chat/completions`, body),
      node: () => openAIStream(`http://127.0.0.1:${nodePipePort}`, body),
      next: () => openAIStream(`${app!.url}/api/bench/pipe`, body),
      runnel: () => throughRunnel(app!.url, { model: `hop:${MODEL}`, messages }),
    };
    // Warm-up: every route compiled and every connection open.
    for (let i = 0; i < 50; i++) for (const way of HOP_WAYS) await ways[way]();
    const firstTokens: Record<HopWay, number[]> = { direct: [], node: [], next: [], runnel: [] };
    for (let i = 0; i < rounds; i++) {
      for (let k = 0; k < HOP_WAYS.length; k++) {
        const way = HOP_WAYS[(i + k) % HOP_WAYS.length]!;
        firstTokens[way].push((await ways[way]()).ttftMs);
      }
    }
    return firstTokens;
  } finally {
    app?.kill();
    for (const child of children) child.kill();
    await backend?.kill();
  }
}
