import { Fragment, Suspense, type ReactNode } from 'react';
import type { Token, Tokens } from 'marked';
import { decodeEntities } from '@/lib/markdown/decode-entities';
import { onDemand } from '../ui/on-demand';
import { lazyComponent } from '../ui/on-demand-component';
import { CodeFrame } from './code-frame';
import { Formula, renderInline } from './markdown-inline';

/**
 * A code block's tools and colours come with the highlighter, on demand (docs/performance.md);
 * until then its frame shows the plain code in the same place, at the same size.
 */
const CodeBlock = lazyComponent(
  onDemand(() => import('./code-block')),
  (m) => m.CodeBlock,
);

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;

function cellAlign(
  align: Tokens.TableCell['align'],
): { textAlign: 'left' | 'right' | 'center' } | undefined {
  return align ? { textAlign: align } : undefined;
}

function ListItem({ item, settled }: { item: Tokens.ListItem; settled: boolean }) {
  return (
    <li className={item.task ? 'task-item' : undefined}>
      {item.task && (
        <input
          type="checkbox"
          checked={Boolean(item.checked)}
          readOnly
          disabled
          aria-label={item.checked ? 'Done' : 'Not done'}
        />
      )}
      {renderBlocks(item.tokens, settled)}
    </li>
  );
}

function Table({ token }: { token: Tokens.Table }) {
  return (
    <div className="table-wrap">
      <table>
        <thead>
          <tr>
            {token.header.map((cell, i) => (
              <th key={i} style={cellAlign(cell.align)}>
                {renderInline(cell.tokens)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {token.rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, i) => (
                <td key={i} style={cellAlign(cell.align)}>
                  {renderInline(cell.tokens)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Renders marked's block tokens as React elements. `settled`: the block will not change any more,
 * so code in it is highlighted. Raw HTML blocks are shown as text.
 */
export function renderBlocks(tokens: readonly Token[], settled: boolean): ReactNode[] {
  return tokens.map((token, i) => {
    switch (token.type) {
      case 'space':
      case 'def':
      case 'checkbox':
        return null;
      case 'heading': {
        const h = token as Tokens.Heading;
        const Tag = HEADINGS[Math.min(6, Math.max(1, h.depth)) - 1]!;
        return <Tag key={i}>{renderInline(h.tokens)}</Tag>;
      }
      case 'paragraph':
        return <p key={i}>{renderInline((token as Tokens.Paragraph).tokens)}</p>;
      case 'text': {
        // Tight list items hold block-level text tokens with inline children.
        const t = token as Tokens.Text;
        return t.tokens ? (
          <Fragment key={i}>{renderInline(t.tokens)}</Fragment>
        ) : (
          decodeEntities(t.text)
        );
      }
      case 'code': {
        const code = token as Tokens.Code;
        const language = code.lang?.trim().split(/\s+/)[0]?.toLowerCase();
        return (
          <Suspense
            key={i}
            fallback={
              <CodeFrame language={language}>
                <code>{code.text}</code>
              </CodeFrame>
            }
          >
            <CodeBlock code={code.text} {...(language ? { language } : {})} highlight={settled} />
          </Suspense>
        );
      }
      case 'blockquote':
        return (
          <blockquote key={i}>
            {renderBlocks((token as Tokens.Blockquote).tokens, settled)}
          </blockquote>
        );
      case 'list': {
        const list = token as Tokens.List;
        const items = list.items.map((item, n) => (
          <ListItem key={n} item={item} settled={settled} />
        ));
        return list.ordered ? (
          <ol
            key={i}
            {...(typeof list.start === 'number' && list.start !== 1 ? { start: list.start } : {})}
          >
            {items}
          </ol>
        ) : (
          <ul key={i}>{items}</ul>
        );
      }
      case 'table':
        return <Table key={i} token={token as Tokens.Table} />;
      case 'hr':
        return <hr key={i} />;
      case 'math':
        return (
          <div key={i} className="math-block">
            <Formula token={token} />
          </div>
        );
      case 'html':
        return (
          <p key={i} className="raw-html">
            {(token as Tokens.HTML).text}
          </p>
        );
      default:
        return <p key={i}>{token.raw}</p>;
    }
  });
}
