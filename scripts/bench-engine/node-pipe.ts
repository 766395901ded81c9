/**
 * `bench:engine`'s fourth way: a plain Node HTTP server (no Next) that reads the request's JSON,
 * calls the engine with Node's own fetch as the raw pipe does, and writes the engine's bytes
 * through as they come. What it adds to the first token is what any gateway written for Node pays
 * on this machine; what the raw pipe adds beyond it is Next's own.
 *
 * Run as its own process: `tsx scripts/bench-engine/node-pipe.ts PORT UPSTREAM_BASE_URL`; it
 * prints `ready` once it listens.
 */
import { createServer } from 'node:http';

const [port, upstream] = [Number(process.argv[2]), process.argv[3]];
if (!port || !upstream) throw new Error('usage: node-pipe.ts PORT UPSTREAM_BASE_URL');

createServer(async (request, response) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as object;
  const aborted = new AbortController();
  response.on('close', () => aborted.abort());
  try {
    const answer = await fetch(`${upstream}/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...body, stream: true }),
      signal: aborted.signal,
    });
    response.writeHead(answer.status, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache, no-transform',
    });
    response.flushHeaders();
    const reader = answer.body!.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      response.write(read.value);
    }
  } catch {
    // The client or the engine went away: nothing more to pass on.
  }
  response.end();
}).listen(port, '127.0.0.1', () => console.log('ready'));
