import { describe, expect, it } from 'vitest';
import { classifyFile } from './classify';

describe('classifyFile', () => {
  it('takes the images vision APIs take', () => {
    expect(classifyFile('a.png', 'image/png')).toEqual({ kind: 'image' });
    expect(classifyFile('a.jpg', 'image/jpeg')).toEqual({ kind: 'image' });
    expect(classifyFile('a.svg', 'image/svg+xml')).toEqual({ kind: 'other' });
    expect(classifyFile('a.heic', 'image/heic')).toEqual({ kind: 'other' });
  });
  it('knows text and source files by extension, whatever the media type', () => {
    expect(classifyFile('notes.md', '')).toEqual({ kind: 'text', language: 'markdown' });
    expect(classifyFile('main.py', 'text/x-python')).toEqual({ kind: 'text', language: 'python' });
    expect(classifyFile('x.ts', 'video/mp2t')).toEqual({ kind: 'text', language: 'typescript' });
    expect(classifyFile('src/Dockerfile', '')).toEqual({ kind: 'text', language: 'dockerfile' });
    expect(classifyFile('data', 'application/json')).toEqual({ kind: 'text', language: 'json' });
    expect(classifyFile('readme', 'text/plain')).toEqual({ kind: 'text', language: '' });
  });
  it('knows PDFs by type or extension', () => {
    expect(classifyFile('report.pdf', 'application/pdf')).toEqual({ kind: 'pdf' });
    expect(classifyFile('Report.PDF', '')).toEqual({ kind: 'pdf' });
  });
  it('refuses anything else', () => {
    expect(classifyFile('archive.zip', 'application/zip')).toEqual({ kind: 'other' });
  });
});
