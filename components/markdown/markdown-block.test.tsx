import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { splitMarkdown, settleSplit } from '@/lib/markdown/markdown-blocks';
import { highlightCode } from './highlight';
import { rememberHighlight } from './highlight-cache';
import { MarkdownBlock } from './markdown-block';

/** Renders a whole document the way the message view does (every block settled). */
function html(markdown: string): string {
  return settleSplit(splitMarkdown(markdown))
    .blocks.map((block) => renderToStaticMarkup(<MarkdownBlock block={block} />))
    .join('');
}

describe('MarkdownBlock rendering', () => {
  it('renders GFM: headings, emphasis, lists, tasks, tables, strikethrough, autolinks', () => {
    const out = html(
      '## Title\n\nSome **bold**, *em*, `code` and ~~gone~~ text: https://example.com\n\n- [x] done\n- [ ] todo\n\n3. three\n4. four\n\n| a | b |\n| :- | -: |\n| 1 | 2 |\n',
    );
    expect(out).toContain('<h2>Title</h2>');
    expect(out).toContain('<strong>bold</strong>');
    expect(out).toContain('<em>em</em>');
    expect(out).toContain('<code>code</code>');
    expect(out).toContain('<del>gone</del>');
    expect(out).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">',
    );
    expect(out).toContain(
      '<input type="checkbox" readOnly="" disabled="" aria-label="Done" checked=""/>',
    );
    expect(out).toContain('<ol start="3">');
    expect(out).toContain('<th style="text-align:left">a</th>');
    expect(out).toContain('<td style="text-align:right">2</td>');
  });

  it('decodes character references in text but not in code', () => {
    const out = html('Fish &amp; chips &#x1F680;\n\n`&amp;`');
    expect(out).toContain('Fish &amp; chips 🚀');
    expect(out).toContain('<code>&amp;amp;</code>');
  });

  it('shows raw HTML as text and runs nothing', () => {
    const out = html(
      '<script>window.__pwned=1</script>\n\n<img src=x onerror="window.__pwned=1">\n\nInline <b onclick="x()">b</b>.',
    );
    expect(out).not.toMatch(/<script|<img|<b /);
    expect(out).toContain('&lt;script&gt;window.__pwned=1&lt;/script&gt;');
    expect(out).toContain('&lt;img src=x onerror=&quot;window.__pwned=1&quot;&gt;');
    expect(out).toContain('Inline &lt;b onclick=&quot;x()&quot;&gt;b&lt;/b&gt;.');
  });

  it('drops unsafe link targets and never loads images', () => {
    const out = html(
      '[click](javascript:alert(1)) [rel](/local) ![pic](http://127.0.0.1:1/x.png) ![bad](javascript:x)',
    );
    expect(out).not.toContain('javascript:');
    expect(out).not.toContain('href="/local"');
    expect(out).not.toContain('<img');
    expect(out).toContain(
      '<a href="http://127.0.0.1:1/x.png" target="_blank" rel="noopener noreferrer" class="image-link">Image: pic</a>',
    );
    expect(out).toContain('<span class="image-link">Image: bad</span>');
  });

  // Before any test renders a code block: the first one starts loading the component.
  it('shows code in its frame, plain, until the code block and its tools are loaded', () => {
    const out = html('```py\nprint(1)\n```');
    expect(out).toContain('class="code-block');
    expect(out).toContain('<span class="font-mono">py</span>');
    expect(out).toMatch(/<pre[^>]*><code>print\(1\)<\/code><\/pre>/);
    expect(out).not.toContain('Copy code');
  });

  it('highlights code only in settled blocks, outside the streaming update', async () => {
    // The code block is loaded with the first one rendered; once it is there, blocks use it.
    html('```ts\nconst a = 1;\n```');
    await import('./code-block');
    await new Promise((r) => setTimeout(r, 0));
    // First render of a finished block: plain code at once; the colours come when the page is idle.
    const first = html('```ts\nconst a = 1;\n```');
    expect(first).toContain('Copy code');
    expect(first).not.toContain('hljs-keyword');
    expect(first).toContain('const a = 1;');
    // Once highlighted, it renders highlighted immediately (a remount, another conversation).
    rememberHighlight('const a = 1;', 'ts', await highlightCode('const a = 1;', 'ts'));
    expect(html('```ts\nconst a = 1;\n```')).toContain('<span class="hljs-keyword">const</span>');
    // Never while the fence is still open, highlighted before or not.
    const streaming = splitMarkdown('```ts\nconst a = 1;\n');
    const out = renderToStaticMarkup(<MarkdownBlock block={streaming.blocks[0]!} />);
    expect(out).not.toContain('hljs-keyword');
    expect(out).toContain('const a = 1;');
  });
});
