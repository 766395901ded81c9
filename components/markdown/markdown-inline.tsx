import { Fragment, Suspense, useState, type ReactNode } from 'react';
import type { Token, Tokens } from 'marked';
import { decodeEntities } from '@/lib/markdown/decode-entities';
import { safeUrl } from '@/lib/markdown/safe-url';
import { onDemand } from '../ui/on-demand';
import { lazyComponent } from '../ui/on-demand-component';

/** KaTeX and its styles come with the first formula, not with the page (docs/performance.md). */
const MathFormula = lazyComponent(
  onDemand(() => import('./math-formula')),
  (m) => m.MathFormula,
);

/** A formula: its source as text until KaTeX is there. */
export function Formula({ token }: { token: Token }) {
  const { text, display, raw } = token as Token & { text: string; display: boolean };
  return (
    <Suspense fallback={raw}>
      <MathFormula tex={text} display={display} raw={raw} />
    </Suspense>
  );
}

/** Link to a URL from model output: new tab, no opener, no referrer; unsafe URLs lose the link. */
function SafeLink({
  href,
  title,
  children,
}: {
  href: string;
  title?: string | null;
  children: ReactNode;
}) {
  const url = safeUrl(href);
  if (!url)
    return (
      <span
        className="unsafe-link"
        title="Link removed: only http, https and mailto links are allowed"
      >
        {children}
      </span>
    );
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" {...(title ? { title } : {})}>
      {children}
    </a>
  );
}

/**
 * Images in model output are never fetched on their own (tracking pixels, leaks of the reader's
 * address): a link to the image and a "Load image" button, which shows it — without a referrer —
 * only when the reader asks.
 */
function ImageLink({ token }: { token: Tokens.Image }) {
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const alt = decodeEntities(token.text);
  const label = `Image: ${alt || 'untitled'}`;
  const url = safeUrl(token.href);
  if (url && state === 'loading')
    return (
      // eslint-disable-next-line @next/next/no-img-element -- a remote image, never optimised
      <img
        src={url}
        alt={alt}
        referrerPolicy="no-referrer"
        className="loaded-image"
        onError={() => setState('failed')}
      />
    );
  return (
    <span className="image-placeholder">
      {url ? (
        <a href={url} target="_blank" rel="noopener noreferrer" className="image-link">
          {label}
        </a>
      ) : (
        <span className="image-link">{label}</span>
      )}
      {url && state === 'idle' && (
        <button type="button" className="load-image" onClick={() => setState('loading')}>
          Load image
        </button>
      )}
      {state === 'failed' && <span className="load-image-failed">(could not be loaded)</span>}
    </span>
  );
}

/** Text of a token list, for places that take plain text. */
function children(token: Token): Token[] {
  return 'tokens' in token && Array.isArray(token.tokens) ? token.tokens : [];
}

/**
 * Renders marked's inline tokens as React elements. Raw HTML is shown as text (React escapes it);
 * nothing here can produce markup from model output.
 */
export function renderInline(tokens: readonly Token[]): ReactNode[] {
  return tokens.map((token, i) => {
    switch (token.type) {
      case 'text': {
        const sub = children(token);
        return sub.length ? (
          <Fragment key={i}>{renderInline(sub)}</Fragment>
        ) : (
          decodeEntities((token as Tokens.Text).text)
        );
      }
      case 'escape':
        return (token as Tokens.Escape).text;
      case 'html':
        return (token as Tokens.HTML).text;
      case 'strong':
        return <strong key={i}>{renderInline(children(token))}</strong>;
      case 'em':
        return <em key={i}>{renderInline(children(token))}</em>;
      case 'del':
        return <del key={i}>{renderInline(children(token))}</del>;
      case 'codespan':
        return <code key={i}>{(token as Tokens.Codespan).text}</code>;
      case 'br':
        return <br key={i} />;
      case 'link': {
        const link = token as Tokens.Link;
        return (
          <SafeLink key={i} href={link.href} title={link.title ?? null}>
            {renderInline(children(token))}
          </SafeLink>
        );
      }
      case 'image':
        return <ImageLink key={i} token={token as Tokens.Image} />;
      case 'checkbox':
        return null;
      case 'math':
        return <Formula key={i} token={token} />;
      default:
        return 'text' in token && typeof token.text === 'string'
          ? decodeEntities(token.text)
          : token.raw;
    }
  });
}
