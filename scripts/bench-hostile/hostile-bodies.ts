/**
 * Hostile chat bodies of 8 MiB, sent by curl (one process each, so no Node process of this
 * benchmark spends its time writing them): rounds of bodies at once, half of each round as widget
 * visitors. `deep`: `[[[…]]]`, refused while it arrives. `flat`: valid JSON, one message of 8 MiB
 * of text, parsed and sent on (the backend is unreachable: its stream ends in an error event).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Just under `MAX_REQUEST_BYTES` (8 MiB), so the size cap alone does not refuse a user's. */
const DEPTH = 4 * 1024 * 1024 - 64;

/** How one body was answered: its HTTP status, or how curl failed (a reset: status 0). */
export interface Outcome {
  status: number;
  /** curl's exit code and message when it got no answer. */
  curlError?: string;
}

/**
 * The senders' niceness (`BENCH_SENDER_NICE`, default 19): an attacker's CPU is on another
 * machine, but here curl and the loopback's kernel work (done in the sender's time) share the
 * server's cores. At 19 they take what the server leaves; at 0 they compete with it as equals.
 */
export const SENDER_NICE = Number(process.env.BENCH_SENDER_NICE ?? 19);

function curlPost(url: string, file: string, headers: string[]): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const args = ['-sS', '-o', '/dev/null', '-w', '%{http_code}', '--data-binary', `@${file}`];
    for (const h of ['content-type: application/json', ...headers]) args.push('-H', h);
    const child = spawn('nice', ['-n', String(SENDER_NICE), 'curl', ...args, `${url}/api/chat`]);
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      const status = Number(out);
      resolve(status > 0 ? { status } : { status: 0, curlError: `${code}: ${err.trim()}` });
    });
  });
}

export type BodyKind = 'deep' | 'flat';

/** Writes the body once, sends `rounds` × `perRound` of it; every outcome, in order. */
export async function sendBodies(
  url: string,
  kind: BodyKind,
  rounds: number,
  perRound: number,
): Promise<Outcome[]> {
  const dir = mkdtempSync(join(tmpdir(), 'runnel-hostile-'));
  const file = join(dir, 'deep.json');
  writeFileSync(
    file,
    kind === 'flat'
      ? `{"model":"m","messages":[{"role":"user","content":"${'x'.repeat(2 * DEPTH - 64)}"}]}`
      : `{"model":"m","messages":${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}}`,
  );
  const outcomes: Outcome[] = [];
  try {
    for (let round = 0; round < rounds; round++) {
      const sent = Array.from({ length: perRound }, (_, i) =>
        curlPost(
          url,
          file,
          i % 2 === 0
            ? [`x-runnel-visitor: bench-visitor-${round}-${String(i).padStart(8, '0')}`]
            : [],
        ),
      );
      outcomes.push(...(await Promise.all(sent)));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return outcomes;
}
