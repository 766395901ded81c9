/**
 * `bench:engine`'s upstream for the hop alone: an OpenAI-compatible server that answers every chat
 * completion at once — its first token in the first write, a second 2 ms later, then the usage and
 * `[DONE]` — and lists one model. With no engine behind it, what each way adds to the first token
 * shows to a fraction of a millisecond, where the engine's own first token varies by ±20 ms.
 *
 * Run as its own process: `tsx scripts/bench-engine/instant-upstream.ts PORT MODEL_ID`; it prints
 * `ready` once it listens.
 */
import { createServer } from 'node:http';

const [port, model] = [Number(process.argv[2]), process.argv[3]];
if (!port || !model) throw new Error('usage: instant-upstream.ts PORT MODEL_ID');

/** One event of the stream, as llama.cpp and vLLM write them. */
const event = (delta: object, finish: string | null = null, usage?: object) =>
  `data: ${JSON.stringify({
    id: 'instant',
    object: 'chat.completion.chunk',
    created: 0,
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
    ...(usage ? { usage } : {}),
  })}\n\n`;

createServer(async (request, response) => {
  // Read the whole request, as an engine does before it answers.
  for await (const _ of request);
  if (request.url?.endsWith('/models')) {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify({ object: 'list', data: [{ id: model, object: 'model' }] }));
    return;
  }
  response.writeHead(200, { 'Content-Type': 'text/event-stream' });
  response.write(event({ role: 'assistant', content: 'Hello' }));
  setTimeout(() => {
    response.write(event({ content: ' there' }));
    const usage = { prompt_tokens: 10, completion_tokens: 2, total_tokens: 12 };
    response.end(`${event({}, 'stop', usage)}data: [DONE]\n\n`);
  }, 2);
}).listen(port, '127.0.0.1', () => console.log('ready'));
