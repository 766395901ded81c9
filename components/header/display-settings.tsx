'use client';

import { useId } from 'react';
import { useFiguresShown } from '../store/use-figures-shown';

/** What this browser shows besides the conversation: a reader's choice, not the conversation's. */
export function DisplaySettings() {
  const [figuresShown, setFiguresShown] = useFiguresShown();
  const id = useId();
  return (
    <fieldset className="space-y-1.5 border-t border-zinc-200 pt-4 dark:border-zinc-800">
      <legend className="text-sm font-medium">On this device</legend>
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          checked={figuresShown}
          onChange={(e) => setFiguresShown(e.target.checked)}
          className="mt-0.5 h-4 w-4 accent-teal-700 dark:accent-teal-400"
        />
        <label htmlFor={id} className="text-sm">
          Show figures under answers
          <span className="block text-xs text-zinc-500">
            Tokens, speed and time to the first word, and the tokens used in each chat.
          </span>
        </label>
      </div>
    </fieldset>
  );
}
