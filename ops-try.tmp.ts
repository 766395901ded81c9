import { startBackend, startApp } from './scripts/bench-load/processes';
import { request } from 'node:http';
const backend = await startBackend();
const app = await startApp(backend);
function send(body: string): Promise<string> {
  return new Promise((resolve) => {
    const req = request(`${app.url}/api/chat`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      let t = ''; res.on('data', (d) => (t += d)); res.on('end', () => resolve(`${res.statusCode} ${t.slice(0, 150)}`));
    });
    req.on('error', (e) => resolve(`ERR ${(e as any).code}`));
    req.end(body);
  });
}
for (const depth of [1000, 10000, 100000, 500000]) {
  for (const array of [true, false]) {
    const deep = array ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    for (const where of ['messages', 'tools', 'response_format', 'content', 'root', 'stop']) {
      const text = where === 'root' ? deep : where === 'content' ? `{"model":"vllm:chat","messages":[{"role":"user","content":${deep}}]}` : `{"model":"vllm:chat","messages":[{"role":"user","content":"hi"}],"${where}":${deep}}`;
      const r = await send(text);
      if (!r.startsWith('400') && !r.startsWith('413')) console.log(depth, array ? 'array' : 'object', where, r);
    }
  }
}
console.log(app.output().split('\n').filter(l => !l.startsWith('{"level":"info"')).slice(-30).join('\n'));
app.kill(); await backend.kill();
