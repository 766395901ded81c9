import { describe, expect, it } from 'vitest';
import type { Attachment } from './attachment';
import { withoutDuplicates } from './duplicates';

const text = (name: string, body: string): Attachment => ({
  kind: 'text',
  name,
  text: body,
  language: '',
  tokens: 1,
});

describe('attaching the same file twice', () => {
  it('keeps one of each file and names the ones left out', () => {
    const a = text('notes.txt', 'hello');
    expect(withoutDuplicates([a], [text('notes.txt', 'hello'), text('other.txt', 'x')])).toEqual({
      attachments: [text('other.txt', 'x')],
      duplicates: ['notes.txt'],
    });
    expect(withoutDuplicates([], [a, a]).duplicates).toEqual(['notes.txt']);
  });

  it('takes a file of the same name with other content as another file', () => {
    expect(withoutDuplicates([text('a.txt', '1')], [text('a.txt', '2')]).duplicates).toEqual([]);
  });
});
