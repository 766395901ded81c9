'use client';

import { serverRendered, ShareMarkdown } from './share-markdown';

/** What a share page receives: text only (lib/server/conversations/share-store.ts). */
interface SharedView {
  title: string;
  createdAt: number;
  messages: { role: 'user' | 'assistant'; content: string; reasoning?: string }[];
}

/**
 * A shared conversation, read-only: each question as typed, each answer and its reasoning as
 * rendered Markdown (model output is untrusted: the Markdown renderer never emits raw HTML).
 */
export function SharedConversationView({ conversation }: { conversation: SharedView }) {
  const onServer = serverRendered(conversation.messages);
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <header className="mb-6 border-b border-zinc-200 pb-4 dark:border-zinc-800">
        <h1 className="text-xl font-semibold">{conversation.title}</h1>
        <p className="text-sm text-zinc-500">
          Shared from Runnel ·{' '}
          <time dateTime={new Date(conversation.createdAt).toISOString()}>
            {new Date(conversation.createdAt).toISOString().slice(0, 10)}
          </time>
        </p>
      </header>
      <ol className="flex flex-col gap-6">
        {conversation.messages.map((m, i) => (
          <li key={i} aria-label={m.role === 'user' ? 'Question' : 'Answer'}>
            {m.role === 'user' ? (
              <p className="ml-auto w-fit max-w-[85%] whitespace-pre-wrap rounded-2xl bg-zinc-100 px-4 py-2 dark:bg-zinc-800">
                {m.content}
              </p>
            ) : (
              <article>
                {m.reasoning ? (
                  <details className="mb-2 text-sm text-zinc-600 dark:text-zinc-400">
                    <summary>Reasoning</summary>
                    <ShareMarkdown source={m.reasoning} onServer={onServer[i]!} />
                  </details>
                ) : null}
                <ShareMarkdown source={m.content} onServer={onServer[i]!} />
              </article>
            )}
          </li>
        ))}
      </ol>
    </main>
  );
}
