import { describe, expect, it } from 'vitest';
import { createConversation } from './conversation';
import { allExportFileName, conversationsToJson, conversationsToMarkdown } from './export-all';

describe('exporting every conversation', () => {
  const a = { ...createConversation('a', 'm', 1), title: 'First' };
  const b = { ...createConversation('b', 'm', 2), title: 'Second' };

  it('writes one JSON file with each conversation whole', () => {
    const file = JSON.parse(conversationsToJson([a, b])) as {
      format: string;
      conversations: unknown[];
    };
    expect(file.format).toBe('runnel.conversations');
    expect(file.conversations).toEqual([a, b]);
  });

  it('writes one Markdown file with each conversation under its title', () => {
    const md = conversationsToMarkdown([a, b]);
    expect(md.indexOf('First')).toBeLessThan(md.indexOf('Second'));
    expect(md).toContain('\n---\n');
  });

  it('names the file by the day', () => {
    expect(allExportFileName('json', new Date('2026-03-04T10:00:00Z'))).toBe(
      'runnel-chats-2026-03-04.json',
    );
  });
});
