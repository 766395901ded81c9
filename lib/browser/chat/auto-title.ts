import { askModel } from './ask-model';

/** The most of the first question and answer the title request carries. */
const EXCERPT = 1_500;
/** Titles longer than this are cut (the sidebar shows about 40 characters). */
const MAX_TITLE = 60;

const INSTRUCTION =
  'Write a title of at most six words for the conversation below: its subject, in the language ' +
  'of the question. Reply with the title alone — no quotes, no full stop.';

/** A model's reply as a title: its first line without quotes, markup or a final full stop. */
export function cleanTitle(reply: string): string {
  const line = reply.trim().split('\n')[0] ?? '';
  const bare = line
    .replace(/[*_#`]/g, '')
    .trim()
    .replace(/^(title|titre|titel)\s*:\s*/i, '')
    .replace(/^["'“”‘’«»]+|["'“”‘’«»]+$/g, '')
    .replace(/[.。]+$/, '')
    .replace(/^["'“”‘’«»]+|["'“”‘’«»]+$/g, '')
    .trim();
  return bare.length > MAX_TITLE ? `${bare.slice(0, MAX_TITLE - 1).trimEnd()}…` : bare;
}

/**
 * Asks `model` for a short title after a conversation's first answer. Null when it gave none
 * (the title then stays the first message).
 */
export async function askTitle(
  fetchFn: typeof fetch,
  model: string,
  question: string,
  answer: string,
): Promise<string | null> {
  const reply = await askModel(
    fetchFn,
    model,
    [
      { role: 'system', content: INSTRUCTION },
      {
        role: 'user',
        content: `Question:\n${question.slice(0, EXCERPT)}\n\nAnswer:\n${answer.slice(0, EXCERPT)}`,
      },
    ],
    { maxTokens: 40 },
  );
  const title = reply ? cleanTitle(reply) : '';
  return title || null;
}
