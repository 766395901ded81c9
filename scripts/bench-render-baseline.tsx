/**
 * The render benchmark's baseline (`npm run bench:render`): the naive chat renderer — every content
 * event appends to state and the whole answer is parsed and rendered again with react-markdown.
 * No frame batching, no block memoisation. Not part of the app: `bench-render-baseline-page.ts`
 * bundles this file into a page of its own, served on the app's origin only for the benchmark.
 */
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { readEventStream } from '../lib/protocol/read-event-stream';

const PLUGINS = [remarkGfm];

function BaselineChat({ model }: { model: string }) {
  const [text, setText] = useState('');
  const [status, setStatus] = useState<'idle' | 'streaming' | 'complete' | 'error'>('idle');

  const run = async () => {
    setText('');
    setStatus('streaming');
    const res = await fetch('/api/chat', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        model,
        messages: [{ role: 'user', content: 'Write the benchmark report.' }],
      }),
    });
    if (!res.body) return setStatus('error');
    for await (const event of readEventStream(res.body)) {
      if (event.type === 'content') setText((t) => t + event.text);
      if (event.type === 'done') setStatus('complete');
      if (event.type === 'error') setStatus('error');
    }
  };

  return (
    <main className="mx-auto max-w-3xl p-6">
      <h1 className="mb-4 text-lg font-semibold">
        Render baseline (react-markdown on every update)
      </h1>
      <button
        type="button"
        onClick={() => void run()}
        className="mb-6 rounded-lg bg-teal-700 px-4 py-2 text-white"
      >
        Send
      </button>
      <article data-role="assistant" data-status={status} className="markdown">
        <Markdown remarkPlugins={PLUGINS}>{text}</Markdown>
      </article>
    </main>
  );
}

const root = document.getElementById('root')!;
createRoot(root).render(<BaselineChat model={root.dataset.model ?? 'vllm:bench-markdown'} />);
