'use client';

import { useState } from 'react';
import { Button } from '../ui/text-button';

/** Edits a sent message in place: Enter or Save & send re-sends it, Escape or Cancel leaves it. */
export function MessageEditor({
  initial,
  autoFocus = true,
  onChange,
  onSave,
  onCancel,
}: {
  initial: string;
  /** Off for an editor shown again as it was left, which must not pull the view to itself. */
  autoFocus?: boolean;
  /** Each change of the text (kept while the message is unmounted). */
  onChange?: (t: string) => void;
  onSave: (t: string) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState(initial);
  return (
    <form
      className="w-full max-w-[85%] space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) onSave(text);
      }}
    >
      <textarea
        aria-label="Edit message"
        value={text}
        autoFocus={autoFocus}
        rows={Math.min(10, Math.max(2, text.split('\n').length))}
        onChange={(e) => {
          setText(e.target.value);
          onChange?.(e.target.value);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onCancel();
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            if (text.trim()) onSave(text);
          }
        }}
        className="w-full resize-y rounded-xl border border-zinc-300 bg-white px-3 py-2 text-[15px] outline-none focus:border-teal-600 focus:ring-2 focus:ring-teal-600/30 dark:border-zinc-700 dark:bg-zinc-900"
      />
      <div className="flex justify-end gap-2">
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button size="sm" variant="primary" type="submit" disabled={!text.trim()}>
          Save & send
        </Button>
      </div>
    </form>
  );
}
