/**
 * An update that brings more new text than a frame's share (`FRAME_SHARE_CHARS`,
 * lib/markdown/frame-share.ts) is shown over consecutive frames, each showing a part, and once
 * the answer ended all of it is shown in the frame that shows the end (docs/performance.md,
 * "Streaming at 4×: one large update over two frames").
 *
 * A large update is made on purpose: while the ~16,000-token answer streams, the page's main
 * thread is kept busy for a second, as on a slow device, so the text that arrived meanwhile comes
 * in one update. At every animation frame the answer's text length is noted.
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

/** Notes the last answer's text at every frame; once it passed `busyAt` characters, blocks 1 s. */
function watchFrames(busyAt: number): void {
  const w = window as unknown as { __shown: Shown[]; __busyFrame?: number };
  w.__shown = [];
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
      if (w.__busyFrame === undefined && chars > busyAt && status === 'streaming') {
        w.__busyFrame = frame;
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
  await page.addInitScript(watchFrames, 20_000);
  await openApp(page);
  await pickModel(page, 'vllm:bench-markdown');
  await send(page, `Write the benchmark report ${nonce()}`);
  const answer = lastAnswer(page);
  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 60_000 });
  const finalChars = (await answer.locator('.markdown').textContent())?.length ?? 0;

  const { shown, busyFrame } = await page.evaluate(() => {
    const w = window as unknown as { __shown: Shown[]; __busyFrame?: number };
    return { shown: w.__shown, busyFrame: w.__busyFrame };
  });
  expect(busyFrame, 'the page was kept busy while the answer streamed').toBeDefined();
  const streamed = shown.filter((s) => s.status === 'streaming');
  const steps = streamed.slice(1).map((s, i) => ({
    frame: s.frame,
    added: s.chars - streamed[i]!.chars,
    afterFrame: s.frame - streamed[i]!.frame === 1,
  }));

  // No frame added more than a share (the benchmark's blocks are all shorter than one)...
  const largest = Math.max(...steps.map((s) => s.added));
  console.log(
    `largest step ${largest} characters; steps after the busy second:`,
    steps.filter((s) => s.frame > busyFrame!).slice(0, 6),
  );
  expect(largest).toBeLessThanOrEqual(FRAME_SHARE_CHARS);
  // ...though after the busy second one update brought more: it came in frames one after another.
  const after = steps.filter((s) => s.frame > busyFrame!);
  const firstRun = after.findIndex((s, i) => i > 0 && s.afterFrame);
  expect(firstRun, 'an update was shown over consecutive frames').toBeGreaterThan(0);
  let run = after[firstRun - 1]!.added;
  for (let i = firstRun; i < after.length && after[i]!.afterFrame; i++) run += after[i]!.added;
  expect(run).toBeGreaterThan(FRAME_SHARE_CHARS);

  // The frame that showed the end showed all of the text: nothing was left for a later frame.
  const end = shown.find((s) => s.status !== 'streaming');
  expect(end).toEqual(expect.objectContaining({ status: 'complete', chars: finalChars }));
  expect(shown.at(-1)!.chars).toBe(finalChars);
});
