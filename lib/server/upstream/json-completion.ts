import 'server-only';

import type { RunnelEvent } from '../../protocol/events';
import { createNormalizer, type NormalizerOptions } from './normalizer';

/**
 * Events for a backend that answered `stream: true` with one JSON completion anyway. The whole
 * completion goes through the same normaliser as a single chunk (its `choices[0].message` is read
 * like a delta), so reasoning, `<think>` tags, tool calls and usage behave exactly as when streamed.
 */
export function translateJsonCompletion(
  text: string,
  options: NormalizerOptions = {},
): RunnelEvent[] {
  const normalizer = createNormalizer(options);
  const events = normalizer.push({ type: 'data', data: text });
  if (normalizer.finished) return events;
  // A whole completion carries its usage once: report it as final only.
  const withoutRunning = events.filter((e) => e.type !== 'usage');
  return [...withoutRunning, ...normalizer.push({ type: 'data', data: '[DONE]' })];
}
