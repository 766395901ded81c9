/**
 * Turns picked, pasted or dropped files into attachments: images downscaled and re-encoded in the
 * browser, text files read and measured. Loaded on first use (dynamic import), so a page that
 * never attaches anything never downloads it.
 */
import type { Attachment, AttachmentLimits, ImageAttachment } from './attachment';
import { classifyFile } from './classify';
import { formatBytes, refusalFor } from './refusals';
import { estimateTokens } from '../chat/estimate-tokens';
import { fencedFile } from './message-content';

/**
 * About how many tokens a text file adds, fence and name included (here, not beside `fencedFile`,
 * which every page loads to send files: only attaching measures them).
 */
function textFileTokens(name: string, text: string, language: string): number {
  return estimateTokens(fencedFile({ name, text, language }));
}

/** The attachments made, and a sentence for every file that could not be attached. */
export interface ReadResult {
  attachments: Attachment[];
  problems: string[];
}

/** A canvas to draw on: an OffscreenCanvas where there is one, else an element. */
function makeCanvas(width: number, height: number): OffscreenCanvas | HTMLCanvasElement {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function toBlob(canvas: OffscreenCanvas | HTMLCanvasElement, type: string): Promise<Blob | null> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type, quality: 0.85 });
  return new Promise((resolve) => canvas.toBlob(resolve, type, 0.85));
}

function toDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(blob);
  });
}

/** PNG keeps screenshots' text sharp; past this size a photo is better off as JPEG. */
const PNG_MAX_BYTES = 1.5 * 1024 * 1024;

/**
 * Draws the image at most `maxEdge` pixels on its longest side and encodes it again. Re-encoding
 * always (not only when it is too large) drops EXIF metadata such as a photo's GPS position.
 */
async function readImage(file: File, maxEdge: number): Promise<ImageAttachment> {
  const bitmap = await createImageBitmap(file);
  try {
    const scale = Math.min(1, maxEdge / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = makeCanvas(width, height);
    const context = canvas.getContext('2d') as
      OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
    if (!context) throw new Error('no 2D canvas');
    context.drawImage(bitmap, 0, 0, width, height);
    let blob = file.type === 'image/jpeg' ? null : await toBlob(canvas, 'image/png');
    if (!blob || blob.size > PNG_MAX_BYTES) {
      // JPEG has no transparency: paint what was transparent white, as most viewers show it.
      context.globalCompositeOperation = 'destination-over';
      context.fillStyle = '#fff';
      context.fillRect(0, 0, width, height);
      blob = await toBlob(canvas, 'image/jpeg');
    }
    if (!blob) throw new Error('could not encode');
    return {
      kind: 'image',
      name: file.name || 'image',
      dataUrl: await toDataUrl(blob),
      width,
      height,
    };
  } finally {
    bitmap.close();
  }
}

/**
 * A PDF's text, page by page, as a text attachment; pdf.js is loaded with the first PDF
 * (read-pdf.ts). A sentence instead when it has no text or cannot be read.
 */
async function readPdfFile(file: File, name: string): Promise<Attachment | string> {
  try {
    const { readPdf } = await import('./read-pdf');
    const { text, pages } = await readPdf(await file.arrayBuffer());
    if (!text.trim()) return `${name} has no text to read (a scanned PDF is pictures of pages).`;
    return {
      kind: 'text',
      name,
      text,
      language: '',
      tokens: textFileTokens(name, text, ''),
      pages,
    };
  } catch {
    return `${name} could not be read as a PDF.`;
  }
}

/** Reads every file, in order; problems never stop the other files. */
export async function readFiles(
  files: readonly File[],
  limits: AttachmentLimits,
): Promise<ReadResult> {
  const attachments: Attachment[] = [];
  const problems: string[] = [];
  for (const file of files) {
    const name = file.name || 'pasted file';
    const type = classifyFile(name, file.type);
    const refusal = refusalFor(name, type, file.size, limits);
    if (refusal) {
      problems.push(refusal);
      continue;
    }
    if (type.kind === 'image') {
      try {
        attachments.push(await readImage(file, limits.imageMaxEdge));
      } catch {
        problems.push(`${name} could not be read as an image.`);
      }
    } else if (type.kind === 'pdf') {
      const read = await readPdfFile(file, name);
      if (typeof read === 'string') problems.push(read);
      else attachments.push(read);
    } else if (type.kind === 'text') {
      const text = await file.text();
      if (text.includes('\u0000')) {
        problems.push(`${name} does not look like a text file (${formatBytes(file.size)}).`);
        continue;
      }
      attachments.push({
        kind: 'text',
        name,
        text,
        language: type.language,
        tokens: textFileTokens(name, text, type.language),
      });
    }
  }
  return { attachments, problems };
}
