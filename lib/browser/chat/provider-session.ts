import type { ChatRequest } from '../../protocol/chat-request';
import type { ModelTraits } from './build-request';
import { isAssistant, type Message } from './message';

/**
 * The `session` field of a request to a model whose provider keeps conversations (stateful
 * sessions): continue the session of the answer right before the new question when that session
 * holds exactly the history being sent, else start a new one. A new version (Regenerate, Edit)
 * always starts a new one: the old session holds the turns it replaces. Undefined for other models.
 */
export function sessionField(
  history: readonly Message[],
  sentMessages: number,
  systemPrompt: string,
  model: ModelTraits,
  newVersion: boolean,
): ChatRequest['session'] {
  if (!model.statefulSessions || model.kind !== 'chat') return undefined;
  const previous = newVersion ? undefined : history.at(-2);
  const session = isAssistant(previous) ? previous.session : undefined;
  if (session && session.system === systemPrompt && session.messages === sentMessages - 1)
    return { id: session.id, messages: session.messages };
  return {};
}
