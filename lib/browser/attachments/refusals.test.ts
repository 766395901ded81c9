import { describe, expect, it } from 'vitest';
import { DEFAULT_ATTACHMENT_LIMITS as LIMITS } from './attachment';
import { formatBytes, refusalFor, sendProblem } from './refusals';

describe('refusalFor', () => {
  it('refuses files that are neither images, PDFs nor text, naming what is supported', () => {
    expect(refusalFor('archive.zip', { kind: 'other' }, 100, LIMITS)).toBe(
      "archive.zip can't be attached: only images (PNG, JPEG, WebP, GIF), PDFs and text files (.txt, .md, .csv, .json, source code) can.",
    );
  });
  it('refuses a PDF over its limit', () => {
    expect(refusalFor('scan.pdf', { kind: 'pdf' }, 40 * 1024 * 1024, LIMITS)).toBe(
      'scan.pdf is too large to attach (40.0 MB; PDFs up to 32.0 MB).',
    );
    expect(refusalFor('paper.pdf', { kind: 'pdf' }, 1000, LIMITS)).toBeNull();
  });
  it('refuses files over the limits, with both sizes', () => {
    expect(refusalFor('big.jpg', { kind: 'image' }, 25 * 1024 * 1024, LIMITS)).toBe(
      'big.jpg is too large to attach (25.0 MB; images up to 20.0 MB).',
    );
    expect(refusalFor('log.txt', { kind: 'text', language: '' }, 600 * 1024, LIMITS)).toBe(
      'log.txt is too large to attach (600 KB; text files up to 512 KB).',
    );
    expect(refusalFor('ok.txt', { kind: 'text', language: '' }, 1000, LIMITS)).toBeNull();
  });
});

describe('sendProblem', () => {
  const base = { modelLabel: 'Qwen3-8B', vision: false, hasImages: false, requestBytes: 100 };
  it('says a model without vision cannot see images', () => {
    expect(sendProblem({ ...base, hasImages: true })).toBe(
      "Qwen3-8B can't see images. Pick a model marked Vision, or remove the images.",
    );
    expect(sendProblem({ ...base, hasImages: true, vision: true })).toBeNull();
  });
  it("says when the request would exceed the server's limit", () => {
    expect(
      sendProblem({ ...base, requestBytes: 9 * 1024 * 1024, maxRequestBytes: 8 * 1024 * 1024 }),
    ).toBe(
      'This message is too large to send (9.0 MB; the server takes up to 8.0 MB). Remove an attachment or start a new chat.',
    );
    expect(sendProblem({ ...base, requestBytes: 9 * 1024 * 1024 })).toBeNull();
  });
  it('formats sizes', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(2048)).toBe('2 KB');
  });
});
