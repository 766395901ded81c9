'use client';

import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { blocksCovering, blocksShownNow, charsOfBlocks } from '@/lib/markdown/frame-share';
import type { BlockSplit } from '@/lib/markdown/markdown-blocks';
import { nextTask } from '../store/browser-scheduling';

/** What is on screen of a streaming answer. */
interface Shown {
  /** The latest split rendered. */
  split: BlockSplit;
  /** How many of its blocks are shown. */
  count: number;
  /** A part of a large update was shown, and no frame has shown it yet: nothing more until then. */
  waiting: boolean;
}

const all = (split: BlockSplit): Shown => ({ split, count: split.blocks.length, waiting: false });

/** The next part of `split` to show after `shown` (a frame has shown it, or it is a new update). */
function nextPart(shown: Shown, split: BlockSplit): Shown {
  const count = blocksShownNow(split.blocks, charsOfBlocks(shown.split.blocks, shown.count));
  // Showing a part of a large update starts the wait for a frame; when the update was not split
  // (every update at 1×), nothing waits.
  const waiting = count < split.blocks.length || (shown.waiting && count > shown.count);
  return { split, count, waiting };
}

/** What to show of `split`, new text of a streaming answer or its end, when `shown` is on screen. */
function onNewText(shown: Shown, split: BlockSplit, streaming: boolean): Shown {
  // Text that did not grow from what is shown (a new answer in its place) is not held back.
  if (!streaming || !split.source.startsWith(shown.split.source)) return all(split);
  if (!shown.waiting) return nextPart(shown, split);
  // A part was shown since the last frame: this update waits for the frame too.
  const chars = charsOfBlocks(shown.split.blocks, shown.count);
  return { split, count: blocksCovering(split.blocks, chars), waiting: true };
}

/**
 * How many of a streaming answer's blocks to render: all of them, except when one update brought
 * more new text than a frame's share (`FRAME_SHARE_CHARS`: at 4× CPU, not at 1×). Then its first
 * part is shown now and the rest one part a frame, each rendered in a task right after the frame
 * that showed the one before (as stream updates are, components/store/browser-scheduling.ts), so
 * each task and each frame handles a part; an update arriving meanwhile waits its turn. What was
 * on screen always stays; once the answer ended (`streaming` false) everything is shown at once,
 * in the render that ends it.
 */
export function useShownBlocks(split: BlockSplit, streaming: boolean): number {
  const [shown, setShown] = useState<Shown>(() => all(split));
  let current = shown;
  if (shown.split !== split || (!streaming && shown.count < split.blocks.length)) {
    // Adjusted while rendering: React renders again at once, before anything is committed.
    current = onNewText(shown, split, streaming);
    setShown(current);
  }
  const waiting = streaming && current.waiting;
  useEffect(() => {
    if (!waiting) return;
    let cancelled = false;
    const frame = requestAnimationFrame(() =>
      nextTask(() => {
        if (cancelled) return;
        // Rendered and committed in this task, so the next frame shows it.
        flushSync(() => setShown((s) => (s === current ? nextPart(s, s.split) : s)));
      }),
    );
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
    };
  }, [waiting, current]);
  return streaming ? current.count : split.blocks.length;
}
