/**
 * The command line of the local engine (llama.cpp's `llama-server`), in one place for the main
 * command, `npm run engine` and the engine tests.
 */
import { LOCAL_MODEL_CONTEXT, LOCAL_MODEL_ID } from './local-model';

export interface EngineOptions {
  modelPath: string;
  host: string;
  port: number;
  /** Requests the engine decodes at once (`--parallel`); each slot gets the model's context. */
  parallel: number;
  /** CPU threads; llama.cpp's default is every core. */
  threads?: number;
  /** Default sampling for requests that name none: 0 makes every answer reproducible. */
  temperature?: number;
  seed?: number;
  /** Prompt tokens decoded per step; smaller steps notice a cancelled request sooner. */
  batchSize?: number;
}

export function engineArgs(options: EngineOptions): string[] {
  const args = [
    '--model',
    options.modelPath,
    '--alias',
    LOCAL_MODEL_ID,
    '--host',
    options.host,
    '--port',
    String(options.port),
    '--parallel',
    String(options.parallel),
    '--ctx-size',
    String(LOCAL_MODEL_CONTEXT * options.parallel),
    // Prometheus counters and per-slot state: what Runnel's tests read to see the engine idle.
    '--metrics',
  ];
  if (options.threads) args.push('--threads', String(options.threads));
  if (options.temperature !== undefined) args.push('--temp', String(options.temperature));
  if (options.seed !== undefined) args.push('--seed', String(options.seed));
  if (options.batchSize)
    args.push(
      '--batch-size',
      String(options.batchSize),
      '--ubatch-size',
      String(options.batchSize),
    );
  return args;
}
