import type { Attachment } from './attachment';

/** What makes two attachments the same file: the name and the content as it would be sent. */
function sameFile(a: Attachment, b: Attachment): boolean {
  if (a.name !== b.name || a.kind !== b.kind) return false;
  return a.kind === 'image'
    ? a.dataUrl === (b as typeof a).dataUrl
    : a.text === (b as typeof a).text;
}

/**
 * `added` without the files already in `existing` (or twice in `added`): a file attached twice
 * would go to the model twice. The names of those left out, so the reader is told.
 */
export function withoutDuplicates(
  existing: readonly Attachment[],
  added: readonly Attachment[],
): { attachments: Attachment[]; duplicates: string[] } {
  const kept: Attachment[] = [];
  const duplicates: string[] = [];
  for (const a of added) {
    if ([...existing, ...kept].some((b) => sameFile(a, b))) duplicates.push(a.name);
    else kept.push(a);
  }
  return { attachments: kept, duplicates };
}
