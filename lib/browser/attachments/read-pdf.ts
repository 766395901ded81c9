/**
 * A PDF's text, read in the browser with pdf.js: loaded with the first PDF attached (it is several
 * hundred kilobytes), its parsing in a worker. Nothing in the file runs: pdf.js is asked not to
 * evaluate code (`isEvalSupported: false`), and only text is taken from it — no scripts, forms
 * (XFA), fonts or images.
 */
import { getDocument, GlobalWorkerOptions } from 'pdfjs-dist';

let started = false;

/** pdf.js's worker, from this origin (the page's CSP allows workers from 'self' only). */
function startWorker(): void {
  if (started) return;
  started = true;
  GlobalWorkerOptions.workerPort = new Worker(new URL('./pdf.worker.ts', import.meta.url), {
    type: 'module',
  });
}

/** One page's text items as lines. */
function pageText(items: readonly unknown[]): string {
  let text = '';
  for (const item of items) {
    if (!item || typeof item !== 'object' || !('str' in item)) continue;
    const { str, hasEOL } = item as { str: string; hasEOL?: boolean };
    text += str + (hasEOL ? '\n' : '');
  }
  return text.replace(/[ \t]+\n/g, '\n').trim();
}

/** The text of every page, each under a "Page n" line, and the page count. */
export async function readPdf(data: ArrayBuffer): Promise<{ text: string; pages: number }> {
  startWorker();
  const doc = await getDocument({
    data: new Uint8Array(data),
    isEvalSupported: false,
    enableXfa: false,
    disableFontFace: true,
    stopAtErrors: false,
  }).promise;
  try {
    const parts: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const text = pageText(content.items);
      if (text) parts.push(`Page ${n}\n\n${text}`);
      page.cleanup();
    }
    return { text: parts.join('\n\n'), pages: doc.numPages };
  } finally {
    await doc.destroy();
  }
}
