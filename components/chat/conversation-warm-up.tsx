'use client';

import { Activity, memo, useState, type ComponentType, type Context } from 'react';

/**
 * The start of an answer with one block of each common kind, so that the first real answer's
 * first updates do not run each kind's code for the first time (at 4× CPU throttling they were
 * update tasks of 40–50 ms in `bench:render`). No `#` heading: the page has one `<h1>`.
 */
const SAMPLE_ANSWER = [
  '### Warm',
  'A **short** `answer` with a [link](#).',
  '```ts\nconst a = 1;\n```',
  '1. One\n   - two\n     - three',
  '| a | b |\n| ---: | --- |\n| 1 | 2 |',
  '> quoted',
  'and a paragraph still',
].join('\n\n');

/**
 * A store holding one conversation — a question and the start of a streaming answer — and
 * nothing else: what the message list reads of the chat store (state only; nothing hidden can be
 * clicked).
 */
function sampleStore() {
  const state = {
    activeId: null,
    lastModel: null,
    running: { w: 'a' },
    conversations: {
      w: {
        messages: [
          { id: 'q', role: 'user', content: 'Hi', createdAt: 0 },
          {
            id: 'a',
            role: 'assistant',
            model: '',
            content: SAMPLE_ANSWER,
            reasoning: '',
            status: 'streaming',
            createdAt: 0,
            timing: { sentAt: 0 },
          },
        ],
      },
    },
  };
  return { getState: () => state, getInitialState: () => state, subscribe: () => () => {} };
}

/** Once per page: a later new-chat screen follows a conversation already shown. */
let warmed = false;

/** The sample's kinds of block as the page writes them (`markdown-tokens.tsx`, `code-frame.tsx`). */
const SAMPLE_HTML = [
  '<h2>Warm</h2><h3>up</h3><p>A <strong>short</strong> <em>answer</em> with <code>code</code> and a <a href="#">link</a>.</p>',
  '<div class="code-block not-prose group relative my-4 overflow-hidden rounded-xl border"><div class="flex min-h-10 items-center justify-between border-b py-1 pl-4 pr-1 text-xs"><span class="font-mono">ts</span></div><pre class="overflow-x-auto px-4 py-3 text-[13px] leading-relaxed"><code><span class="hljs-keyword">const</span> a = <span class="hljs-number">1</span>;</code></pre></div>',
  '<ol><li>One <strong>b</strong><ul><li>two <code>c</code></li></ul></li></ol>',
  '<div class="table-wrap"><table><thead><tr><th style="text-align:right">a</th><th>b</th></tr></thead><tbody><tr><td style="text-align:right">1</td><td><code>2</code></td></tr></tbody></table></div>',
  '<blockquote><p>quoted <em>text</em></p></blockquote>',
].join('');

/**
 * The sample laid out off screen for two frames, never painted nor read out: the hidden list is
 * never laid out (`display: none`), and the first real answer's first frames at 4× CPU throttling
 * laid out two to four times slower per object than later ones (fonts and layout code used for
 * the first time; docs/performance.md).
 */
function layOutOnce(): void {
  const host = document.createElement('div');
  host.className = 'markdown';
  host.style.cssText = 'position:fixed;top:0;left:-10000px;width:42rem;visibility:hidden';
  host.innerHTML = SAMPLE_HTML;
  document.body.append(host);
  requestAnimationFrame(() => requestAnimationFrame(() => host.remove()));
}

/** Tells its parent it was rendered: the hidden tree before it is then rendered too. */
function Rendered({ done }: { done: () => void }) {
  done();
  return null;
}

/**
 * The message list rendered once, hidden, at idle priority (a hidden `Activity`), while the first
 * question is typed, then dropped: the first real conversation then mounts with warm code
 * (compiled, its paths taken once; docs/performance.md, "The first send"). Hidden, it is never
 * seen, focused or read out; its store is its own and saves nothing. The list and the store's
 * context come from the page, so this module, loaded on demand, holds only what is here.
 */
export const ConversationWarmUp = memo(function ConversationWarmUp({
  List,
  StoreContext,
}: {
  List: ComponentType<{ conversationId: string; completion: boolean }>;
  // The chat store's context; the sample store has only the state the list reads.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  StoreContext: Context<any>;
}) {
  const [store] = useState(sampleStore);
  const [, setWarm] = useState(false);
  if (warmed) return null;
  return (
    <Activity mode="hidden">
      <StoreContext.Provider value={store}>
        <List conversationId="w" completion={false} />
      </StoreContext.Provider>
      <Rendered
        done={() =>
          setTimeout(() => {
            layOutOnce();
            warmed = true;
            setWarm(true);
          }, 0)
        }
      />
    </Activity>
  );
});
