import { createParser } from 'eventsource-parser';
import { describe, expect, it } from 'vitest';
import { rechunkings } from '../../testing/unit/rechunk';
import { createSseParser, type SseMessage } from './sse-parse';

/** Streams with every SSE feature the browser's parser claims to handle. */
const STREAMS: Record<string, string> = {
  'the server’s own framing': [
    ': keepalive\n\n',
    'id: 1\ndata: {"type":"start","request_id":"chat_1","model":"m"}\n\n',
    'id: 2\ndata: {"type":"content","text":"naïve 🚀"}\n\n',
    ': keepalive\n\n',
    'id: 3\ndata: {"type":"done"}\n\n',
  ].join(''),
  'CRLF line ends': 'id: 1\r\ndata: a\r\n\r\n: c\r\n\r\nid: 2\r\ndata: b\r\n\r\n',
  // (Not ending in a CR: eventsource-parser holds a CR at the very end of its input back, as the
  // possible first half of a CRLF, where this parser takes it as the line end it also is.)
  'CR line ends': 'id: 1\rdata: a\r\rdata: b\r\r: end\r',
  'several data lines, no space, a field without a colon': 'data:x\ndata: y\ndata\nid:7\n\n',
  'ids on some events only, blank lines without data': 'id: 1\n\n\ndata: a\n\nid: 9\ndata: b\n\n',
  'other fields ignored': 'event: ping\nretry: 10\ndata: a\nfoo: bar\n\n',
  'a final event without its blank line': 'data: a\n\ndata: cut',
  'an id with a NUL is ignored': 'id: 5\ndata: a\n\nid: 6\0x\ndata: b\n\n',
  'a lone CR before a LF': 'data: a\r\n\r\ndata: b\n\r\n',
};

/** What eventsource-parser makes of `chunks`: the reference. */
function reference(chunks: Uint8Array[]): SseMessage[] {
  const out: SseMessage[] = [];
  const decoder = new TextDecoder();
  const parser = createParser({ onEvent: ({ id, data }) => out.push({ id, data }) });
  for (const chunk of chunks) parser.feed(decoder.decode(chunk, { stream: true }));
  parser.feed(decoder.decode());
  return out;
}

function parsed(chunks: Uint8Array[]): SseMessage[] {
  const out: SseMessage[] = [];
  const decoder = new TextDecoder();
  const parser = createSseParser((m) => out.push(m));
  for (const chunk of chunks) parser.feed(decoder.decode(chunk, { stream: true }));
  parser.feed(decoder.decode());
  return out;
}

describe('createSseParser', () => {
  it.each(Object.entries(STREAMS))(
    'agrees with eventsource-parser on %s, however the reads are cut',
    (_label, text) => {
      const bytes = new TextEncoder().encode(text);
      const expected = reference([bytes]);
      expect(expected.length).toBeGreaterThan(0);
      for (const { label, chunks } of rechunkings(bytes)) {
        expect(parsed(chunks), label).toEqual(expected);
      }
    },
  );

  it('reads the server’s framing as its events, with their ids', () => {
    const bytes = new TextEncoder().encode(STREAMS['the server’s own framing']!);
    expect(parsed([bytes])).toEqual([
      { id: '1', data: '{"type":"start","request_id":"chat_1","model":"m"}' },
      { id: '2', data: '{"type":"content","text":"naïve 🚀"}' },
      { id: '3', data: '{"type":"done"}' },
    ]);
  });
});
