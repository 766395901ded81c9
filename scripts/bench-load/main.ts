/**
 * `npm run bench:load`: Runnel under load and faults, next to a raw byte pipe through the same
 * server where that applies. Prints figures; asserts nothing. Everything runs on loopback: a
 * scenario backend process, the standalone app (`node .next/standalone/server.js`, a fresh
 * process per measurement) and the clients in this process. Needs `npm run build`.
 *
 * BENCH_LOAD_PHASES (default `load,storm,fuzz,paused,kill`), BENCH_LOAD_STREAMS (default
 * `1000,2000`) and BENCH_LOAD_ROUNDS (runs per route and stream count, default 3) choose what runs.
 * BENCH_LOAD_PROBE=0 skips the extra live-memory run per route (quicker repeated peak-RSS checks).
 * BENCH_LOAD_NODE_ARGS (space-separated) adds Node options to the app's process, for diagnostics
 * such as `--max-semi-space-size=4` or `--trace-gc`; the figures are then not the deployed ones.
 */
import { cpus, loadavg } from 'node:os';
import { fuzzPhase } from './fuzz-phase';
import { killPhase } from './kill-phase';
import { loadReport } from './load-report';
import { pausedPhase } from './paused-phase';
import { startBackend, type BackendProcess } from './processes';
import { stormPhase } from './storm-phase';
import { mib, table } from './stats';

/** The whole run is bounded: a stuck phase ends it rather than the machine's afternoon. */
const MAX_RUN_MS = 20 * 60_000;

const phases = new Set(
  (process.env.BENCH_LOAD_PHASES ?? 'load,storm,fuzz,paused,kill').split(',').map((s) => s.trim()),
);
const streamCounts = (process.env.BENCH_LOAD_STREAMS ?? '1000,2000').split(',').map(Number);
const rounds = Number(process.env.BENCH_LOAD_ROUNDS ?? 3);

let backend: BackendProcess | undefined;
const watchdog = setTimeout(() => {
  console.error(`bench:load: over ${MAX_RUN_MS / 60_000} minutes, stopping`);
  void backend?.kill('SIGKILL');
  process.exit(2);
}, MAX_RUN_MS);

async function main(): Promise<void> {
  console.log(
    `bench:load — ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} at start`,
  );
  backend = await startBackend();

  if (phases.has('load')) {
    await loadReport(streamCounts, rounds, backend, process.env.BENCH_LOAD_PROBE !== '0');
  }

  if (phases.has('storm')) {
    console.log(
      '\nAbort storm (500 streams, each aborted at a random moment within 3 s of its first token):',
    );
    const rows: (string | number)[][] = [
      ['route', 'answers under way when aborted', 'reached backend', 'upstream open 1 s later'],
    ];
    for (const kind of ['pipe', 'runnel'] as const) {
      const f = await stormPhase(kind, backend);
      rows.push([kind, f.started, f.reachedBackend, f.openAfter1s]);
    }
    table(rows);
  }

  if (phases.has('fuzz')) {
    const f = await fuzzPhase(backend);
    console.log(`\nMalformed requests: ${f.requests} in ${f.seconds.toFixed(1)} s`);
    console.log(`  by status: ${JSON.stringify(f.byStatus)}`);
    console.log(
      `  5xx or no answer: ${f.server5xx.length}; 4xx without a message: ${f.withoutMessage.length}; accepted (valid by chance): ${f.accepted}`,
    );
    for (const sample of [...f.server5xx, ...f.withoutMessage].slice(0, 5)) {
      console.log(`    ${sample.kind}: ${sample.status} ${sample.body}`);
    }
  }

  if (phases.has('paused')) {
    console.log(
      '\nPaused readers (20 clients stop reading a 40 MB answer after 64 KiB, held 8 s):',
    );
    const rows: (string | number)[][] = [
      [
        'route',
        'RSS',
        'RSS (reading)',
        'live',
        'live (reading)',
        'held by the app',
        "app's socket queues",
        "peers' socket queues",
        'read',
      ],
    ];
    for (const kind of ['pipe', 'runnel'] as const) {
      const f = await pausedPhase(kind, backend);
      rows.push([
        kind,
        mib(f.growthPerClient),
        mib(f.readingGrowthPerClient),
        mib(f.liveGrowthPerClient),
        mib(f.readingLiveGrowthPerClient),
        mib(f.buffers.appHeld),
        mib(f.buffers.appSocketQueues),
        mib(f.buffers.peerSocketQueues),
        mib(f.received),
      ]);
    }
    console.log('  per paused client (per reading client for the control columns):');
    table(rows);
  }

  if (phases.has('kill')) {
    const f = await killPhase(backend);
    console.log(`\nBackend killed mid-answer (SIGKILL, ${f.streams} answers streaming):`);
    console.log(
      `  ended incomplete_stream with their text kept: ${f.incompleteWithText} of ${f.streams}`,
    );
    if (f.other.length) console.log(`  otherwise: ${f.other.slice(0, 5).join('; ')}`);
  }
  console.log(
    `\nload average at the end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    clearTimeout(watchdog);
    await backend?.kill('SIGKILL');
  });
