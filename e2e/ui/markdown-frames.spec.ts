/**
 * An update that brings more new text than a frame's share (`FRAME_SHARE_CHARS`,
 * lib/markdown/frame-share.ts) is shown over consecutive frames, each showing a part, and once
 * the answer ended all of it is shown in the frame that shows the end (docs/performance.md,
 * "Streaming at 4×: one large update over two frames").
 *
 * Large updates are made on purpose: while the ~16,000-token answer streams, the page's main
 * thread is kept busy for a second, as on a slow device, so the text that arrived meanwhile comes
 * in one update — once in the middle, and once just before the end, so that the rest of the text
 * and the end come in one update. At every animation frame the answer's text length is noted.
 */
import { expect, test } from '@playwright/test';
import { FRAME_SHARE_CHARS } from '../../lib/markdown/frame-share';
import { lastAnswer, nonce, openApp, pickModel, send } from './helpers';

test.describe.configure({ timeout: 90_000 });

/** What one animation frame showed of the last answer, noted when it changed. */
interface Shown {
  frame: number;
  chars: number;
  status: string;
}

/** Notes the last answer's text at every frame; once it passed each of `busyAt` characters, blocks 1 s. */
function watchFrames(busyAt: number[]): void {
  const w = window as unknown as { __shown: Shown[]; __busyFrames: number[] };
  w.__shown = [];
  w.__busyFrames = [];
  let frame = 0;
  const tick = () => {
    frame++;
    const answer = [...document.querySelectorAll('article[data-role="assistant"]')].at(-1);
    const markdown = answer?.querySelector('.markdown');
    if (answer && markdown) {
      const chars = markdown.textContent?.length ?? 0;
      const status = answer.getAttribute('data-status') ?? '';
      const last = w.__shown.at(-1);
      if (last?.chars !== chars || last.status !== status) w.__shown.push({ frame, chars, status });
      const next = busyAt[w.__busyFrames.length];
      if (next !== undefined && chars > next && status === 'streaming') {
        w.__busyFrames.push(frame);
        const until = performance.now() + 1_000;
        while (performance.now() < until);
      }
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

test('a large update is shown over consecutive frames, and the end in full at once', async ({
  page,
}) => {
  // The answer's text is ~75,500 characters: busy 20,000 in, and ~5,500 before the end (~1 s),
  // where the end may come in the update after it (or, when the text passes 70,000 with the end,
  // the page is not kept busy a second time).
  await page.addInitScript(watchFrames, [20_000, 70_000]);
  await openApp(page);
  await pickModel(page, 'vllm:bench-markdown');
  await send(page, `Write the benchmark report ${nonce()}`);
  const answer = lastAnswer(page);
  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 60_000 });
  const finalChars = (await answer.locator('.markdown').textContent())?.length ?? 0;

  const { shown, busyFrames } = await page.evaluate(() => {
    const w = window as unknown as { __shown: Shown[]; __busyFrames: number[] };
    return { shown: w.__shown, busyFrames: w.__busyFrames };
  });
  expect(busyFrames.length, 'the page was kept busy while the answer streamed').toBeGreaterThan(0);
  const busyFrame = busyFrames[0]!;
  const streamed = shown.filter((s) => s.status === 'streaming');
  const steps = streamed.slice(1).map((s, i) => ({
    frame: s.frame,
    added: s.chars - streamed[i]!.chars,
    afterFrame: s.frame - streamed[i]!.frame === 1,
  }));

  // No frame added more than a share (the benchmark's blocks are all shorter than one)...
  const largest = Math.max(...steps.map((s) => s.added));
  const afterBusy = steps.filter((s) => s.frame > busyFrame).slice(0, 6);
  console.log(`largest step ${largest} characters; the first after the busy second:`, afterBusy);
  expect(largest).toBeLessThanOrEqual(FRAME_SHARE_CHARS);
  // ...though after the busy second the updates brought more (at 1×, ~200 characters an update
  // otherwise), and they came in parts, frames one after another.
  const added = afterBusy.reduce((n, s) => n + s.added, 0);
  expect(added).toBeGreaterThan(2 * FRAME_SHARE_CHARS);
  expect(afterBusy.filter((s) => s.afterFrame).length).toBeGreaterThan(0);

  // The frame that showed the end showed all of the text: nothing was left for a later frame.
  const end = shown.find((s) => s.status !== 'streaming');
  expect(end).toEqual(expect.objectContaining({ status: 'complete', chars: finalChars }));
  expect(shown.at(-1)!.chars).toBe(finalChars);
});
