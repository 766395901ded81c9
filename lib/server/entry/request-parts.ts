import 'server-only';
import type { ChatRequest, RequestError } from '../../protocol/chat-request';
import { isAllowedRemoteImage, isInlineImage } from '../../protocol/image-url';

export interface PartRules {
  /** `IMAGE_URL_ALLOWED_HOSTS`: hosts whose https image URLs may be forwarded. */
  imageHosts: readonly string[];
  /**
   * Whether `tools`, `tool_choice` and `response_format` are taken at all: not from widget
   * visitors (anonymous by design; the widget sends none) unless `EMBED_ALLOW_TOOLS` says so.
   */
  schemas: boolean;
}

/**
 * Serialized size of `tools`, `tool_choice` and `response_format` together: far beyond a real set
 * of function schemas, small enough that a backend compiling them into a grammar is not handed
 * megabytes of it.
 */
export const MAX_SCHEMA_BYTES = 64 * 1024;
/** Nesting inside those fields (JSON schemas of real tools stay well under it). */
export const MAX_SCHEMA_DEPTH = 24;
export const MAX_TOOLS = 128;

/**
 * What the schema does not say about a chat request's parts and the backend must never be sent:
 * an image URL it would fetch itself (cloud metadata, internal hosts, `file:`), and schemas too
 * large or deep to compile. The error names the part. Undefined when all is well.
 */
export function checkRequestParts(chat: ChatRequest, rules: PartRules): RequestError | undefined {
  const messages = chat.messages ?? [];
  for (let m = 0; m < messages.length; m++) {
    const content = messages[m]!.content;
    if (!Array.isArray(content)) continue;
    for (let p = 0; p < content.length; p++) {
      const part = content[p]!;
      if (part.type !== 'image_url') continue;
      const url = part.image_url.url;
      if (isInlineImage(url) || isAllowedRemoteImage(url, rules.imageHosts)) continue;
      const param = `messages.${m}.content.${p}.image_url.url`;
      return invalid(
        param,
        rules.imageHosts.length
          ? `Invalid '${param}': images are data: URLs (PNG, JPEG, WebP, GIF) or https URLs on an allowed host`
          : `Invalid '${param}': images are data: URLs (PNG, JPEG, WebP or GIF, base64)`,
      );
    }
  }
  for (const field of ['tools', 'tool_choice', 'response_format'] as const) {
    const value = chat[field];
    if (value === undefined) continue;
    if (!rules.schemas) return invalid(field, `'${field}' is not available in the chat widget`);
    if (field === 'tools' && Array.isArray(value) && value.length > MAX_TOOLS)
      return invalid(field, `At most ${MAX_TOOLS} tools`);
    if (depthOf(value) > MAX_SCHEMA_DEPTH)
      return invalid(field, `'${field}' is nested more than ${MAX_SCHEMA_DEPTH} levels deep`);
    if (Buffer.byteLength(JSON.stringify(value)) > MAX_SCHEMA_BYTES)
      return invalid(field, `'${field}' is larger than ${MAX_SCHEMA_BYTES} bytes`);
  }
  return undefined;
}

function invalid(param: string, message: string): RequestError {
  return { status: 400, code: 'invalid_request', param, message };
}

/** Nesting of a parsed JSON value (the body's own depth was bounded while it was read). */
function depthOf(value: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth > max) max = depth;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return max;
}
