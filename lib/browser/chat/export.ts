import { textWithFiles } from '../attachments/message-content';
import type { Conversation } from './conversation';
import type { AssistantMessage, AssistantStatus, Message } from './message';
import { versionsAt } from './versions';

const STATUS_NOTE: Record<Exclude<AssistantStatus, 'complete'>, string> = {
  streaming: 'still streaming when exported',
  length: 'cut at the token limit',
  stopped: 'stopped by the user',
  error: 'failed',
  incomplete: 'cut off: the stream ended early',
};

function assistantNote(m: AssistantMessage): string | null {
  if (m.status === 'complete') return null;
  const detail = m.status === 'error' && m.error ? `: ${m.error.message}` : '';
  return `_(Answer ${STATUS_NOTE[m.status]}${detail}.)_`;
}

/** A fence longer than any backtick run inside `text`, so quoted text cannot close it. */
function fenceFor(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  return '`'.repeat(longest + 1);
}

/**
 * The conversation as Markdown: readable anywhere, reasoning in a collapsed `<details>` block, and
 * every answer that did not complete labelled as such (the export must be as honest as the UI).
 */
export function conversationToMarkdown(c: Conversation): string {
  const out: string[] = [`# ${c.title}`, ''];
  const meta = [`Model: ${c.model ?? 'unknown'}`, `Exported: ${new Date().toISOString()}`];
  out.push(meta.map((line) => `- ${line}`).join('\n'), '');
  if (c.settings.systemPrompt.trim()) {
    const fence = fenceFor(c.settings.systemPrompt);
    out.push('## System', '', `${fence}text`, c.settings.systemPrompt, fence, '');
  }
  c.messages.forEach((m, i) => {
    // The shown versions are exported; the JSON export keeps all of them.
    const at = versionsAt(c, i);
    const version = at ? ` — version ${at.position + 1} of ${at.ids.length}` : '';
    if (m.role === 'user') {
      // Text files as the model read them; images by name (their data stays in the JSON export).
      const images = (m.attachments ?? []).flatMap((a) => (a.kind === 'image' ? [a.name] : []));
      out.push(`## User${version}`, '', textWithFiles(m.content, m.attachments ?? []), '');
      if (images.length) out.push(`_(Images: ${images.join(', ')}.)_`, '');
      return;
    }
    out.push(`## Assistant (${m.model})${version}`, '');
    if (m.reasoning) {
      const fence = fenceFor(m.reasoning);
      out.push(
        '<details><summary>Reasoning</summary>',
        '',
        `${fence}text`,
        m.reasoning,
        fence,
        '',
        '</details>',
        '',
      );
    }
    if (m.content) out.push(m.content, '');
    const note = assistantNote(m);
    if (note) out.push(note, '');
  });
  return `${out.join('\n').trimEnd()}\n`;
}

/**
 * The conversation as JSON, with a format marker so it can be imported later: every version, not
 * only the shown one. (Versions were added without changing the format version: they are optional
 * fields, and a file without them reads as a conversation with one version of each message.)
 */
export function conversationToJson(c: Conversation): string {
  const conversation = withoutCapabilities(c);
  return `${JSON.stringify({ format: 'runnel.conversation', version: 1, conversation }, null, 2)}\n`;
}

/**
 * The conversation without what grants access rather than records it: a streaming answer's
 * `requestId` and `resumeToken` (which read and stop it on the server) and provider session ids
 * (which continue a conversation kept on the provider). An exported file is shared, attached to
 * tickets, posted; it must carry the conversation only. Every JSON export (export-all.ts too) goes
 * through here.
 */
export function withoutCapabilities(c: Conversation): Conversation {
  const clean = (m: Message): Message => {
    if (m.role !== 'assistant') return m;
    const {
      requestId: _requestId,
      resumeToken: _resumeToken,
      lastEventId: _lastEventId,
      session: _session,
      ...rest
    } = m;
    return rest;
  };
  return {
    ...c,
    messages: c.messages.map(clean),
    ...(c.hidden
      ? {
          hidden: Object.fromEntries(
            Object.entries(c.hidden).map(([id, h]) => [id, { ...h, message: clean(h.message) }]),
          ),
        }
      : {}),
  };
}

/** A file name from the title: safe on every OS. */
export function exportFileName(c: Conversation, extension: 'md' | 'json'): string {
  const base =
    c.title
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/\s+/g, '-')
      .toLowerCase()
      .slice(0, 60) || 'conversation';
  return `${base}.${extension}`;
}
