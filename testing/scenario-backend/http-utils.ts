/** Small helpers for node:http responses and request bodies. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpErrorSpec } from './types';

/** CORS headers so browser tests may call the backend directly. */
export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
};

/** Sends a JSON body with the given status. */
export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  sendRaw(res, { status, contentType: 'application/json', body: JSON.stringify(value) });
}

/** Sends a complete non-streaming response. */
export function sendRaw(res: ServerResponse, spec: HttpErrorSpec): void {
  const body = Buffer.from(spec.body, 'utf8');
  res.writeHead(spec.status, {
    'Content-Type': spec.contentType,
    'Content-Length': String(body.length),
  });
  res.end(body);
}

/** Reads the whole request body as UTF-8. */
export async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

/** JSON HttpErrorSpec helper. */
export function jsonError(
  status: number,
  value: unknown,
  serialize: (v: unknown) => string = JSON.stringify,
): HttpErrorSpec {
  return { status, contentType: 'application/json', body: serialize(value) };
}
