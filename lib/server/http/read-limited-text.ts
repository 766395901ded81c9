import 'server-only';

const MAX_ERROR_BODY_BYTES = 16 * 1024;

/**
 * Reads a body up to `maxBytes` (a little past it: whole reads) and cancels the rest; `complete`
 * says whether it all came.
 */
async function readUpTo(
  response: Response,
  maxBytes: number,
): Promise<{ text: string; complete: boolean }> {
  if (!response.body) return { text: '', complete: true };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  try {
    // `<=`: a body of exactly `maxBytes` is read to its end, and so is whole.
    while (bytes <= maxBytes) {
      const { value, done } = await reader.read();
      if (done) return { text: text + decoder.decode(), complete: true };
      bytes += value.byteLength;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return { text, complete: false };
}

/** The start of an error body: enough for a message, bounded so a huge page cannot stall us. */
export async function readLimitedText(response: Response): Promise<string> {
  return (await readUpTo(response, MAX_ERROR_BODY_BYTES)).text;
}

/** A whole body of at most `maxBytes`, or undefined when it is longer (the rest is not read). */
export async function readBoundedText(
  response: Response,
  maxBytes: number,
): Promise<string | undefined> {
  const { text, complete } = await readUpTo(response, maxBytes);
  return complete ? text : undefined;
}
