import { decodeNamedCharacterReference } from 'decode-named-character-reference';

const ENTITY = /&(#\d{1,7}|#[xX][\da-fA-F]{1,6}|[A-Za-z][A-Za-z\d]{1,31});/g;

function fromCodePoint(code: number): string | null {
  // CommonMark: invalid code points and NUL become U+FFFD.
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\uFFFD';
  return String.fromCodePoint(code);
}

/**
 * Decodes HTML character references in Markdown text (`&amp;`, `&#x1F680;`), as a Markdown renderer
 * must: marked's tokens keep them raw because its own renderer emits HTML. Unknown names stay as
 * written.
 */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (match, body: string) => {
    if (body[0] === '#') {
      const hex = body[1] === 'x' || body[1] === 'X';
      return fromCodePoint(Number.parseInt(body.slice(hex ? 2 : 1), hex ? 16 : 10)) ?? match;
    }
    const decoded = decodeNamedCharacterReference(body);
    return decoded === false ? match : decoded;
  });
}
