import type { AttachmentLimits } from './attachment';
import type { FileKind } from './classify';

/** "820 KB", "24.1 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** What can be attached, for the sentences that refuse something else. */
export const SUPPORTED =
  'images (PNG, JPEG, WebP, GIF), PDFs and text files (.txt, .md, .csv, .json, source code)';

/** Why a file cannot be attached, before reading it; null when it can. */
export function refusalFor(
  name: string,
  type: FileKind,
  size: number,
  limits: AttachmentLimits,
): string | null {
  if (type.kind === 'other') return `${name} can't be attached: only ${SUPPORTED} can.`;
  if (type.kind === 'image' && size > limits.imageMaxBytes)
    return `${name} is too large to attach (${formatBytes(size)}; images up to ${formatBytes(limits.imageMaxBytes)}).`;
  if (type.kind === 'pdf' && size > limits.pdfMaxBytes)
    return `${name} is too large to attach (${formatBytes(size)}; PDFs up to ${formatBytes(limits.pdfMaxBytes)}).`;
  if (type.kind === 'text' && size > limits.textMaxBytes)
    return `${name} is too large to attach (${formatBytes(size)}; text files up to ${formatBytes(limits.textMaxBytes)}).`;
  return null;
}

/** What the composer knows when it checks a message before sending it. */
export interface SendCheck {
  modelLabel: string;
  /** The model takes images (`vision` in `/api/models`). */
  vision: boolean;
  /** The message or an earlier one of the conversation has an image. */
  hasImages: boolean;
  /** Size of the request body as it would be sent. */
  requestBytes: number;
  /** The server's `MAX_REQUEST_BYTES`, when it said. */
  maxRequestBytes?: number;
}

/** Why a message must not be sent as it is (said before sending, not after failing); null if fine. */
export function sendProblem(check: SendCheck): string | null {
  if (check.hasImages && !check.vision)
    return `${check.modelLabel} can't see images. Pick a model marked Vision, or remove the images.`;
  if (check.maxRequestBytes !== undefined && check.requestBytes > check.maxRequestBytes)
    return `This message is too large to send (${formatBytes(check.requestBytes)}; the server takes up to ${formatBytes(check.maxRequestBytes)}). Remove an attachment or start a new chat.`;
  return null;
}
