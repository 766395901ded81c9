import type { Conversation, HiddenMessage } from './conversation';
import type { AssistantMessage, UserMessage } from './message';

/**
 * A comparison taken into its conversation: the question and the chosen answer go on the shown
 * path, the other answers become hidden versions of that turn (siblings under the question, in
 * the order they were asked), so the version switcher offers them and the conversation goes on
 * from the chosen one. Pure; returns `c` unchanged when `chosenId` is not one of the answers.
 */
export function adoptComparison(
  c: Conversation,
  user: UserMessage,
  answers: readonly AssistantMessage[],
  chosenId: string,
  now: number,
): Conversation {
  const chosen = answers.find((a) => a.id === chosenId);
  if (!chosen) return c;
  const hidden: Record<string, HiddenMessage> = { ...c.hidden };
  for (const answer of answers) {
    if (answer.id !== chosenId)
      hidden[answer.id] = { parent: user.id, hiddenAt: now, message: answer };
  }
  return {
    ...c,
    messages: [...c.messages, user, chosen],
    hidden,
    versions: { ...c.versions, [user.id]: answers.map((a) => a.id) },
    model: chosen.model,
    updatedAt: now,
  };
}
