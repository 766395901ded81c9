/**
 * A rough token count for text the backend has not counted: about four characters a token for
 * English prose and code, which is what tokenizers of the common open models average. A module of
 * its own: the request builder needs it with the page, the answer figures only later.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
