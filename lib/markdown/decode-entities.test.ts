import { describe, expect, it } from 'vitest';
import { decodeEntities } from './decode-entities';

describe('decodeEntities', () => {
  it('decodes named, decimal and hex references', () => {
    expect(decodeEntities('Fish &amp; chips &copy; &#169; &#x1F680;')).toBe('Fish & chips © © 🚀');
  });
  it('leaves unknown names and bare ampersands alone', () => {
    expect(decodeEntities('a & b &nosuchentity; &')).toBe('a & b &nosuchentity; &');
  });
  it('replaces invalid code points with U+FFFD', () => {
    expect(decodeEntities('&#0; &#xD800;')).toBe('\uFFFD \uFFFD');
  });
  it('never produces markup from text: &lt;script&gt; stays text for React to escape', () => {
    expect(decodeEntities('&lt;script&gt;')).toBe('<script>');
  });
});
