'use client';

import {
  Activity,
  memo,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type Context,
} from 'react';

/**
 * The start of an answer with one block of each common kind, so that the first real answer's
 * first updates do not run each kind's code for the first time (at 4× CPU throttling they were
 * update tasks of 40–50 ms in `bench:render`). No `#` heading: the page has one `<h1>`.
 */
const SAMPLE_ANSWER = [
  '## Warm',
  '### up',
  'A **short** *answer* with `code` and a [link](https://example.org).',
  '```ts\nconst a = 1;\n```',
  '1. One **b**\n   - two `c`\n     - three',
  '| a | b |\n| ---: | --- |\n| 1 | `2` |',
  '> quoted *text*',
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

/**
 * A copy of the hidden list's answer laid out off screen for two frames, never painted nor read
 * out: the hidden list itself is never laid out (`display: none`), and the first real answer's
 * first frames at 4× CPU throttling laid out two to four times slower per object than later ones
 * (fonts and layout code used for the first time; docs/performance.md). The copy is the page's own
 * markup, so it stays what a real answer lays out.
 */
function layOutOnce(hidden: HTMLElement): boolean {
  const answer = hidden.querySelector('article[data-role="assistant"] .markdown');
  if (!answer) return false;
  const host = answer.cloneNode(true) as HTMLElement;
  host.inert = true;
  host.style.cssText = 'position:fixed;top:0;left:-10000px;width:42rem;visibility:hidden';
  document.body.append(host);
  requestAnimationFrame(() => requestAnimationFrame(() => host.remove()));
  return true;
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
  // Outside the hidden tree, whose refs are not attached while it is hidden; takes no box.
  const shell = useRef<HTMLDivElement>(null);
  // Done once the hidden list's answer is in the page. React renders a hidden tree after the rest,
  // at idle priority, and starts it again when a key is pressed meanwhile; it runs no effects in
  // it, so only its DOM tells that it was committed.
  useEffect(() => {
    const root = shell.current;
    if (!root || warmed) return;
    const warm = () => {
      if (!layOutOnce(root)) return;
      observer.disconnect();
      warmed = true;
      setWarm(true);
    };
    const observer = new MutationObserver(warm);
    observer.observe(root, { childList: true, subtree: true });
    warm();
    return () => observer.disconnect();
  }, []);
  if (warmed) return null;
  return (
    <div ref={shell} className="contents">
      <Activity mode="hidden">
        <StoreContext.Provider value={store}>
          <List conversationId="w" completion={false} />
        </StoreContext.Provider>
      </Activity>
    </div>
  );
});
