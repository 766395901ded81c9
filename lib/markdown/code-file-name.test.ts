import { describe, expect, it } from 'vitest';
import { codeFileName } from './code-file-name';

describe('codeFileName', () => {
  it('names the file by its language', () => {
    expect(codeFileName('python')).toBe('code.py');
    expect(codeFileName('TypeScript')).toBe('code.ts');
    expect(codeFileName('dockerfile')).toBe('Dockerfile');
  });
  it('falls back to plain text', () => {
    expect(codeFileName(undefined)).toBe('code.txt');
    expect(codeFileName('brainfuck')).toBe('code.txt');
  });
});
