import { DEFAULT_IMAGE_MAX_EDGE } from '../../protocol/api-shapes';

/**
 * Files attached to a user message. Images travel as `image_url` content parts with a data URL
 * (what OpenAI's API and vLLM take for inline images); text files are inlined into the message as
 * fenced text, so every model can read them.
 */

/** A downscaled image, re-encoded in the browser (which also drops its EXIF metadata). */
export interface ImageAttachment {
  kind: 'image';
  name: string;
  /** `data:image/png;base64,…` or `data:image/jpeg;base64,…`. */
  dataUrl: string;
  width: number;
  height: number;
}

/** A text file, inlined as a fenced block under its name. */
export interface TextAttachment {
  kind: 'text';
  name: string;
  text: string;
  /** The fence's info string (`python`, `csv`, …); empty for plain text. */
  language: string;
  /** About how many tokens the file adds. */
  tokens: number;
  /** A PDF's page count (its text was extracted in the browser). */
  pages?: number;
}

export type Attachment = ImageAttachment | TextAttachment;

/** Limits of what the browser prepares; the server's request limit is checked separately. */
export interface AttachmentLimits {
  /** Longest edge of an image after downscaling, in pixels. */
  imageMaxEdge: number;
  /** Larger image files are refused before they are decoded. */
  imageMaxBytes: number;
  /** Larger text files are refused. */
  textMaxBytes: number;
  /** Larger PDF files are refused before they are read. */
  pdfMaxBytes: number;
}

export const DEFAULT_ATTACHMENT_LIMITS: AttachmentLimits = {
  imageMaxEdge: DEFAULT_IMAGE_MAX_EDGE,
  imageMaxBytes: 20 * 1024 * 1024,
  textMaxBytes: 512 * 1024,
  pdfMaxBytes: 32 * 1024 * 1024,
};

/** True when any attachment is an image. */
export function hasImages(attachments: readonly Attachment[] | undefined): boolean {
  return attachments?.some((a) => a.kind === 'image') ?? false;
}
