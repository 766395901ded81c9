import { expect, test } from '@playwright/test';
import {
  lastAnswer,
  nonce,
  openApp,
  recorded,
  recordValues,
  send,
  typeMessage,
} from '../ui/helpers';
import { ENGINE_SLOTS } from '../../testing/stack/engine-stack';
import { engineMetrics, engineSlots, pollSlots } from './engine-probe';
import { LONG_ANSWER } from './settings';

test.describe.configure({ timeout: 180_000 });

test("four answers at once on a two-slot engine: two wait in Runnel's line, saying so, and all complete", async ({
  browser,
}) => {
  const contexts = await Promise.all([0, 1, 2, 3].map(() => browser.newContext()));
  try {
    const pages = await Promise.all(contexts.map((context) => context.newPage()));
    await Promise.all(
      pages.map(async (page) => {
        await openApp(page);
        await recordValues(page, '[data-testid="backend-status"]');
      }),
    );
    // What the engine itself holds, sampled until every answer is in.
    let sampling = true;
    let mostBusy = 0;
    let mostDeferred = 0;
    const sampler = (async () => {
      while (sampling) {
        const [slots, metrics] = await Promise.all([engineSlots(), engineMetrics()]);
        mostBusy = Math.max(mostBusy, slots.filter((s) => s.is_processing).length);
        mostDeferred = Math.max(mostDeferred, metrics.requests_deferred ?? 0);
      }
    })();
    try {
      // Two long answers take both slots first (seen in the engine), and two short questions,
      // typed beforehand, are sent while they run. Both races lost to the answers' end on a busy
      // machine: four short ones sent together (the fourth send found a free slot), and two
      // answers of some 50 tokens (2.7 s) first, when the page took 3 s to handle the later
      // presses. Two answers to the output limit hold both slots for 14 s on a quiet machine.
      const [first, second, ...later] = pages;
      const boxes = await Promise.all(
        later.map((page) => typeMessage(page, `(${nonce()}) Describe a river in four sentences.`)),
      );
      await Promise.all([first!, second!].map((page) => send(page, `(${nonce()}) ${LONG_ANSWER}`)));
      await pollSlots((slots) => slots.filter((s) => s.is_processing).length === ENGINE_SLOTS);
      await Promise.all(boxes.map((box) => box.press('Enter')));
      for (const page of pages) {
        await expect(lastAnswer(page)).toHaveAttribute('data-status', /^(complete|length)$/, {
          timeout: 120_000,
        });
      }
    } finally {
      sampling = false;
      await sampler;
    }

    const waited = [];
    for (const page of pages) {
      if ((await recorded(page)).some((s) => /Waiting for a free slot/.test(s))) waited.push(page);
    }
    // The two that came while both slots were busy, at least.
    expect(waited.length).toBeGreaterThanOrEqual(2);
    // Runnel's line lets exactly as many through as the engine has slots (the engine cannot run
    // more than its slots; fewer would leave one idle while answers wait).
    expect(mostBusy).toBe(ENGINE_SLOTS);
    // Runnel's line, not the engine's: nothing ever waited inside the engine.
    expect(mostDeferred).toBe(0);
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});
