import 'server-only';

import type { ChatRequest } from '../../protocol/chat-request';
import type { Identity } from '../auth/identity';
import { getAuthConfig } from '../config/auth-config';
import { getConversationsConfig } from '../config/conversations-config';
import { database } from '../database/database';
import type { AnswerRecorder } from '../resume/types';
import { createAnswerRecorder } from './answer-recorder';
import { writeAnswer } from './answer-writer';

/**
 * The recorder of a signed-in user's answer that names its conversation, or undefined (open mode,
 * widget visitors, a request without `conversation`): the one call the chat route makes into the
 * conversations database. A failed write is logged and the answer goes on: the browser's copy
 * still has it.
 */
export function answerRecorderFor(
  identity: Identity | null,
  chat: ChatRequest,
  model: string,
): AnswerRecorder | undefined {
  if (identity?.kind !== 'user' || !chat.conversation || !chat.resumable) return undefined;
  if (!getAuthConfig().closed) return undefined;
  const config = getConversationsConfig();
  const last = chat.continue_final_message ? chat.messages?.at(-1) : undefined;
  const prefix =
    last?.role === 'assistant' && typeof last.content === 'string'
      ? {
          content: last.content,
          reasoning: typeof last.reasoning === 'string' ? last.reasoning : '',
        }
      : undefined;
  return createAnswerRecorder(
    async (row) => {
      try {
        await writeAnswer(await database(), row);
      } catch (error) {
        // The error's name only: a message may quote the row, and the row is the user's text.
        console.error(`[runnel] an answer could not be stored: ${(error as Error).name}`);
      }
    },
    {
      user: identity.key,
      conversationId: chat.conversation.id,
      messageId: chat.conversation.message_id,
      model,
      ...(prefix ? { prefix } : {}),
      checkpointMs: config.checkpointMs,
      finishUnread: config.backgroundAnswers === 'signed-in',
    },
  );
}
