'use client';

import { useId } from 'react';
import { hasOwnSettings, serializeChatDefaults } from '@/lib/browser/chat/chat-defaults';
import { useSettings } from '../composer/use-settings';
import { Button } from '../ui/text-button';
import { Dialog } from '../ui/dialog';
import { STORED_CHAT_DEFAULTS, useChatDefaults } from '../store/use-chat-defaults';
import { DisplaySettings } from './display-settings';
import { MaxTokensField } from './max-tokens-field';
import { TemperatureField } from './temperature-field';

const FIELD =
  'w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm outline-none focus:border-teal-600 focus:ring-2 focus:ring-teal-600/30 dark:border-zinc-700 dark:bg-zinc-950';

/**
 * Per-conversation settings: system prompt, temperature, max tokens (empty means the model's
 * default). "Use for new chats" makes them the defaults every new chat starts with; "Reset to
 * defaults" brings a conversation back to those.
 */
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
  const systemId = useId();
  const defaults = useChatDefaults();
  const isDefault = !hasOwnSettings(settings, defaults);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={isNewChat ? 'Settings for the new chat' : 'Conversation settings'}
      footer={
        <>
          <Button
            variant="ghost"
            disabled={isDefault}
            onClick={() =>
              update({ ...settings, ...defaults, reasoningEffort: settings.reasoningEffort })
            }
          >
            Reset to defaults
          </Button>
          <Button
            variant="ghost"
            disabled={isDefault}
            onClick={() => STORED_CHAT_DEFAULTS.write(serializeChatDefaults(settings))}
          >
            Use for new chats
          </Button>
          <Button variant="primary" onClick={onClose}>
            Done
          </Button>
        </>
      }
    >
      <div className="space-y-5">
        <div className="space-y-1.5">
          <label htmlFor={systemId} className="text-sm font-medium">
            System prompt
          </label>
          <textarea
            id={systemId}
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
        <TemperatureField
          value={settings.temperature}
          onChange={(temperature) => update({ temperature })}
        />
        <MaxTokensField
          value={settings.maxTokens}
          onChange={(maxTokens) => update({ maxTokens })}
        />
        <DisplaySettings />
      </div>
    </Dialog>
  );
}
