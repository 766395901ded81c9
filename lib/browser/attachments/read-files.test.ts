import { describe, expect, it } from 'vitest';
import { DEFAULT_ATTACHMENT_LIMITS } from './attachment';
import { readFiles } from './read-files';

const limits = { ...DEFAULT_ATTACHMENT_LIMITS, textMaxBytes: 1024, imageMaxBytes: 2048 };

describe('readFiles', () => {
  it('reads text files with their language and token count, in order', async () => {
    const result = await readFiles(
      [
        new File(['print("hi")\n'], 'hello.py', { type: 'text/x-python' }),
        new File(['# Notes\n'], 'notes.md', { type: 'text/markdown' }),
      ],
      limits,
    );
    expect(result.problems).toEqual([]);
    expect(result.attachments).toMatchObject([
      { kind: 'text', name: 'hello.py', text: 'print("hi")\n', language: 'python' },
      { kind: 'text', name: 'notes.md', text: '# Notes\n' },
    ]);
    expect(result.attachments[0]!.kind === 'text' && result.attachments[0]!.tokens).toBeGreaterThan(
      0,
    );
  });

  it('says why a file was not attached, without stopping at it', async () => {
    const result = await readFiles(
      [
        new File(['x'.repeat(2000)], 'big.txt', { type: 'text/plain' }),
        new File(['a\u0000b'], 'binary.txt', { type: 'text/plain' }),
        new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }),
        // No image decoder here (Node): the image cannot be read, and says so.
        new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'shot.png', { type: 'image/png' }),
        new File(['fine'], 'ok.txt', { type: 'text/plain' }),
      ],
      limits,
    );
    expect(result.attachments.map((a) => a.name)).toEqual(['ok.txt']);
    expect(result.problems).toHaveLength(4);
    expect(result.problems[0]).toContain('big.txt');
    expect(result.problems[1]).toMatch(/binary\.txt does not look like a text file/);
    expect(result.problems[2]).toContain('doc.pdf');
    expect(result.problems[3]).toBe('shot.png could not be read as an image.');
  });

  it('names a pasted file that has no name', async () => {
    const result = await readFiles([new File(['a\u0000'], '', { type: 'text/plain' })], limits);
    expect(result.problems[0]).toMatch(/^pasted file/);
  });
});
