/**
 * One streaming request as a browser would make it, over node:http (cheap enough to run
 * thousands at once): records the delay of every stamp it reads (see the `load-stamped`
 * scenario), and can stop reading or abort at a given moment.
 */
import { request, Agent } from 'node:http';
import { STAMP_PATTERN } from '../../testing/scenario-backend/scenarios/load';

/** No pooling limits: every stream gets its own connection, as distinct browsers do. */
const agent = new Agent({ keepAlive: false, maxSockets: Infinity });

/** The system-wide monotonic clock, the one the scenario backend stamps with. */
const monotonicNow = () => Number(process.hrtime.bigint()) / 1e6;

export interface StreamOptions {
  /** Delays (read time − stamp) are pushed here. */
  delays?: number[];
  /** Destroys the request after this many ms (a browser closing the tab). */
  abortAfterMs?: number;
  /** Stops reading once this many bytes arrived (a browser tab that no longer reads). */
  pauseAfterBytes?: number;
  /** Destroys the request this many ms after its first stamp arrived (mid-answer). */
  abortAfterFirstStampMs?: number;
}

export interface StreamResult {
  status: number;
  /** Ended as a complete answer: Runnel's `done`, or the raw pipe's `[DONE]`. */
  complete: boolean;
  /** The code of Runnel's terminal `error` event, if any. */
  errorCode?: string;
  /** A network error (connection refused or reset), if any. */
  failure?: string;
  stamps: number;
  bytes: number;
  aborted: boolean;
}

/** Posts `body` to `url` and reads the answer as it streams. */
export function openStream(url: string, body: unknown, options: StreamOptions = {}) {
  const payload = Buffer.from(JSON.stringify(body));
  const result: StreamResult = { status: 0, complete: false, stamps: 0, bytes: 0, aborted: false };
  let req: ReturnType<typeof request> | undefined;
  let pauseRes: (() => void) | undefined;
  const done = new Promise<StreamResult>((resolve) => {
    let tail = '';
    req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': payload.length },
      },
      (res) => {
        result.status = res.statusCode ?? 0;
        res.setEncoding('utf8');
        pauseRes = () => res.pause();
        res.on('data', (chunk: string) => {
          const at = monotonicNow();
          result.bytes += chunk.length;
          const text = tail + chunk;
          for (const match of text.matchAll(STAMP_PATTERN)) {
            // A stamp split over two reads is matched once, in the read that completes it.
            if (match.index + match[0].length <= tail.length) continue;
            result.stamps += 1;
            options.delays?.push(at - Number(match[1]));
            if (result.stamps === 1 && options.abortAfterFirstStampMs !== undefined) {
              setTimeout(() => {
                result.aborted = true;
                req?.destroy();
                resolve(result);
              }, options.abortAfterFirstStampMs);
            }
          }
          tail = text.slice(-256);
          if (options.pauseAfterBytes !== undefined && result.bytes >= options.pauseAfterBytes) {
            res.pause();
          }
        });
        res.on('end', () => {
          result.complete = /"type":"done"|data: \[DONE\]/.test(tail);
          result.errorCode = /"type":"error","error":\{[^}]*?"code":"([a-z_]+)"/.exec(tail)?.[1];
          resolve(result);
        });
        res.on('error', (e) => {
          result.failure ??= e.message;
          resolve(result);
        });
        res.on('aborted', () => {
          result.failure ??= 'aborted';
        });
      },
    );
    req.on('error', (e) => {
      result.failure ??= (e as NodeJS.ErrnoException).code ?? e.message;
      resolve(result);
    });
    req.end(payload);
    if (options.abortAfterMs !== undefined) {
      setTimeout(() => {
        result.aborted = true;
        req?.destroy();
        resolve(result);
      }, options.abortAfterMs);
    }
  });
  return {
    done,
    /** What arrived so far (updated as the stream is read). */
    progress: result,
    pause: () => pauseRes?.(),
    destroy: () => {
      result.aborted = true;
      req?.destroy();
    },
  };
}
