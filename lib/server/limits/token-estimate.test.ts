import { describe, expect, it } from 'vitest';
import { inlineImageSize } from './image-size';
import { estimatePromptTokens, imageTokens, textTokens } from './token-estimate';

/** A PNG of `width` × `height` as a data URL, padded to about `bytes` (only its header is real). */
function png(width: number, height: number, bytes: number): string {
  const head = Buffer.alloc(24);
  head.writeUInt32BE(0x89504e47, 0);
  head.writeUInt32BE(0x0d0a1a0a, 4);
  head.writeUInt32BE(13, 8);
  head.write('IHDR', 12, 'latin1');
  head.writeUInt32BE(width, 16);
  head.writeUInt32BE(height, 20);
  return `data:image/png;base64,${Buffer.concat([head, Buffer.alloc(bytes)]).toString('base64')}`;
}

function jpeg(width: number, height: number): string {
  const b = Buffer.from([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0x00,
    0x04,
    0x00,
    0x00,
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
  ]);
  return `data:image/jpeg;base64,${b.toString('base64')}`;
}

describe('token estimates for the reservation', () => {
  it('reads an inline image’s pixel size from its header', () => {
    expect(inlineImageSize(png(1024, 768, 10))).toEqual({ width: 1024, height: 768 });
    expect(inlineImageSize(jpeg(640, 480))).toEqual({ width: 640, height: 480 });
    expect(inlineImageSize('data:image/png;base64,AAAA')).toBeUndefined();
  });

  it('counts an image by its tiles, not by the length of its base64', () => {
    const url = png(1024, 1024, 315_000);
    expect(url.length).toBeGreaterThan(420_000);
    const chat = {
      model: 'm',
      messages: [
        {
          role: 'user' as const,
          content: [
            { type: 'text' as const, text: 'What is this?' },
            { type: 'image_url' as const, image_url: { url } },
          ],
        },
      ],
    };
    // 1024 × 1024 → 768 × 768 → 4 tiles: 765 tokens, where chars/4 said 105,000.
    expect(imageTokens({ width: 1024, height: 1024 })).toBe(765);
    const estimate = estimatePromptTokens(chat);
    expect(estimate).toBeGreaterThan(765);
    expect(estimate).toBeLessThan(800);
    // A size that cannot be read counts as the largest an image can be.
    expect(imageTokens(undefined)).toBe(imageTokens({ width: 2048, height: 2048 }));
  });

  it('counts text by script: CJK about one token a character, English about four characters', () => {
    expect(textTokens('a'.repeat(4000))).toBe(1000);
    expect(textTokens('这是一个关于人工智能的问题'.repeat(100))).toBe(1300);
    expect(textTokens('Привет, мир')).toBe(5);
    expect(textTokens('')).toBe(0);
  });
});
