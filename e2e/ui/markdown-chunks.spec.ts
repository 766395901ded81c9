/**
 * A long answer is rendered in chunks of blocks (components/markdown/markdown-view.tsx); finished
 * chunks off screen skip their layout and paint (`content-visibility: auto`). Checked here at every
 * animation frame while a ~16,000-token answer streams, and once it ended:
 *
 * - no chunk among the last two is ever skippable: a chunk made skippable while still on screen
 *   is skipped, then found on screen, and its newest blocks are styled and laid out a second time
 *   in the same frame (docs/performance.md, "Streaming at 4×");
 * - every chunk contains its style from its first block (so finishing one restyles only its own
 *   element); every finished chunk also its layout and paint, as a skippable one does, from the
 *   moment it is finished, so becoming skippable changes nothing else about its layout; the
 *   chunk still growing does not (its outer margins and what overflows it show as before).
 */
import { expect, test } from '@playwright/test';
import { lastAnswer, nonce, openApp, pickModel, send } from './helpers';

test.describe.configure({ timeout: 90_000 });

/** What a frame showed of one answer's chunks: each chunk's content-visibility and contain. */
interface ChunkFrame {
  visibility: string[];
  contain: string[];
}

/** Notes, at every animation frame, the chunks of the last answer that are streaming. */
function watchChunks(): void {
  const w = window as unknown as { __chunkFrames: ChunkFrame[] };
  w.__chunkFrames = [];
  const tick = () => {
    const answer = [...document.querySelectorAll('article[data-role="assistant"]')].at(-1);
    if (answer?.getAttribute('data-status') === 'streaming') {
      const chunks = [...answer.querySelectorAll('.markdown > .md-chunk')].map((c) =>
        getComputedStyle(c),
      );
      if (chunks.length > 0)
        w.__chunkFrames.push({
          visibility: chunks.map((s) => s.contentVisibility),
          contain: chunks.map((s) => s.contain),
        });
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

test('a long answer skips its chunks from two chunks back, and contains every finished chunk', async ({
  page,
}) => {
  await page.addInitScript(watchChunks);
  await openApp(page);
  await pickModel(page, 'vllm:bench-markdown');
  await send(page, `Write the benchmark report ${nonce()}`);
  const answer = lastAnswer(page);
  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 60_000 });

  const frames = await page.evaluate(
    () => (window as unknown as { __chunkFrames: ChunkFrame[] }).__chunkFrames,
  );
  // The stream was seen growing through several chunks.
  expect(frames.length).toBeGreaterThan(5);
  expect(Math.max(...frames.map((f) => f.visibility.length))).toBeGreaterThanOrEqual(3);
  const expected = (n: number) =>
    Array.from({ length: n }, (_, i) => (i < n - 2 ? 'auto' : 'visible'));
  const contained = (n: number) =>
    Array.from({ length: n }, (_, i) => (i < n - 1 ? 'content' : 'style'));
  for (const frame of frames) {
    expect(frame.visibility).toEqual(expected(frame.visibility.length));
    expect(frame.contain).toEqual(contained(frame.contain.length));
  }

  // Once it ended: the same.
  const final = await answer
    .locator('.markdown > .md-chunk')
    .evaluateAll((chunks) =>
      chunks.map((c) => [getComputedStyle(c).contentVisibility, getComputedStyle(c).contain]),
    );
  expect(final.length).toBeGreaterThanOrEqual(3);
  expect(final.map(([v]) => v)).toEqual(expected(final.length));
  expect(final.map(([, c]) => c)).toEqual(contained(final.length));
});
