import type { Attachment, TextAttachment } from './attachment';

/** A content part of a user message, as `/api/chat` takes it. */
export type ContentPart =
  { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

/** A fence longer than any run of backticks in `text`, so the file cannot close it early. */
function fenceFor(text: string): string {
  const longest = Math.max(0, ...Array.from(text.matchAll(/`+/g), (m) => m[0].length));
  return '`'.repeat(Math.max(3, longest + 1));
}

/** A text file as the model reads it: its name, then its content in a fence. */
export function fencedFile(file: Pick<TextAttachment, 'name' | 'text' | 'language'>): string {
  const fence = fenceFor(file.text);
  const body = file.text.endsWith('\n') ? file.text : `${file.text}\n`;
  return `${file.name}:\n${fence}${file.language}\n${body}${fence}`;
}

/** The typed text followed by every attached text file. */
export function textWithFiles(text: string, attachments: readonly Attachment[]): string {
  const files = attachments.flatMap((a) => (a.kind === 'text' ? [fencedFile(a)] : []));
  return [text, ...files].filter((s) => s.trim() !== '').join('\n\n');
}

/**
 * The `content` of a user message: a plain string unless it has images, then content parts — the
 * text (with the files) first, then one `image_url` part per image, as vLLM and OpenAI take them.
 */
export function userContent(
  text: string,
  attachments: readonly Attachment[] | undefined,
): string | ContentPart[] {
  if (!attachments?.length) return text;
  const merged = textWithFiles(text, attachments);
  const images = attachments.flatMap((a) =>
    a.kind === 'image' ? [{ type: 'image_url' as const, image_url: { url: a.dataUrl } }] : [],
  );
  if (!images.length) return merged;
  return [...(merged ? [{ type: 'text' as const, text: merged }] : []), ...images];
}
