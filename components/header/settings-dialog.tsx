'use client';

import { useId } from 'react';
import { DEFAULT_SETTINGS } from '@/lib/browser/chat/conversation';
import { useSettings } from '../composer/use-settings';
import { Button } from '../ui/text-button';
import { Dialog } from '../ui/dialog';
import { DisplaySettings } from './display-settings';

const FIELD =
  'w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm outline-none focus:border-teal-600 focus:ring-2 focus:ring-teal-600/30 dark:border-zinc-700 dark:bg-zinc-950';

/** Per-conversation settings: system prompt, temperature, max tokens. Empty means the model's default. */
export function SettingsDialog({
  open,
  onClose,
  isNewChat,
}: {
  open: boolean;
  onClose: () => void;
  isNewChat: boolean;
}) {
  const [settings, update] = useSettings();
  const ids = { system: useId(), temperature: useId(), maxTokens: useId() };
  const temperature = settings.temperature;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={isNewChat ? 'Settings for the new chat' : 'Conversation settings'}
      footer={
        <>
          <Button variant="ghost" onClick={() => update(DEFAULT_SETTINGS)}>
            Reset to defaults
          </Button>
          <Button variant="primary" onClick={onClose}>
            Done
          </Button>
        </>
      }
    >
      <div className="space-y-5">
        <div className="space-y-1.5">
          <label htmlFor={ids.system} className="text-sm font-medium">
            System prompt
          </label>
          <textarea
            id={ids.system}
            rows={5}
            value={settings.systemPrompt}
            placeholder="e.g. You are a concise assistant. Answer in English."
            onChange={(e) => update({ systemPrompt: e.target.value })}
            className={`${FIELD} resize-y`}
          />
          <p className="text-xs text-zinc-500">
            Sent first in every request of this conversation (chat models only).
          </p>
        </div>
        <div className="space-y-1.5">
          <div className="flex items-center justify-between">
            <label htmlFor={ids.temperature} className="text-sm font-medium">
              Temperature
            </label>
            <span className="text-sm tabular-nums text-zinc-600 dark:text-zinc-300">
              {temperature === null ? 'Model default' : temperature.toFixed(2)}
            </span>
          </div>
          <input
            id={ids.temperature}
            type="range"
            min={0}
            max={2}
            step={0.05}
            value={temperature ?? 0.7}
            onChange={(e) => update({ temperature: Number(e.target.value) })}
            className="w-full accent-teal-700 dark:accent-teal-400"
          />
          <div className="flex justify-between text-xs text-zinc-500">
            <span>Precise</span>
            {temperature !== null && (
              <button
                type="button"
                className="underline hover:text-zinc-800 dark:hover:text-zinc-200"
                onClick={() => update({ temperature: null })}
              >
                Use model default
              </button>
            )}
            <span>Creative</span>
          </div>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={ids.maxTokens} className="text-sm font-medium">
            Max tokens
          </label>
          <input
            id={ids.maxTokens}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            placeholder="Server limit"
            value={settings.maxTokens ?? ''}
            onChange={(e) => {
              const n = Math.floor(Number(e.target.value));
              update({
                maxTokens: e.target.value === '' || !Number.isFinite(n) || n < 1 ? null : n,
              });
            }}
            className={FIELD}
          />
          <p className="text-xs text-zinc-500">
            Longest answer, in tokens. An answer that hits it can be continued.
          </p>
        </div>
        <DisplaySettings />
      </div>
    </Dialog>
  );
}
