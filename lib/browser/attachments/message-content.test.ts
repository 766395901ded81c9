import { describe, expect, it } from 'vitest';
import type { Attachment } from './attachment';
import { fencedFile, textWithFiles, userContent } from './message-content';

const csv: Attachment = {
  kind: 'text',
  name: 'sales.csv',
  text: 'a,b\n1,2\n',
  language: 'csv',
  tokens: 5,
};
const image: Attachment = {
  kind: 'image',
  name: 'cat.png',
  dataUrl: 'data:image/png;base64,AAAA',
  width: 10,
  height: 10,
};

describe('fencedFile', () => {
  it('puts the name above a fence with the language', () => {
    expect(fencedFile(csv as Extract<Attachment, { kind: 'text' }>)).toBe(
      'sales.csv:\n```csv\na,b\n1,2\n```',
    );
  });
  it('uses a longer fence than any backticks inside', () => {
    const md = { name: 'r.md', text: 'x\n````js\ny\n````', language: 'markdown' };
    expect(fencedFile(md)).toBe('r.md:\n`````markdown\nx\n````js\ny\n````\n`````');
  });
});

describe('userContent', () => {
  it('is the plain text without attachments', () => {
    expect(userContent('hi', undefined)).toBe('hi');
    expect(userContent('hi', [])).toBe('hi');
  });
  it('inlines text files into a string', () => {
    expect(userContent('Sum it', [csv])).toBe('Sum it\n\nsales.csv:\n```csv\na,b\n1,2\n```');
    expect(textWithFiles('', [csv])).toBe('sales.csv:\n```csv\na,b\n1,2\n```');
  });
  it('sends images as image_url parts after the text', () => {
    expect(userContent('What is this?', [image])).toEqual([
      { type: 'text', text: 'What is this?' },
      { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
    ]);
    expect(userContent('', [image])).toEqual([
      { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
    ]);
  });
});
