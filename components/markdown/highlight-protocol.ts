/** Messages between the page and the highlighting worker (highlight.worker.ts). */
export type HighlightRequest =
  | { id: number; code: string; language: string | undefined }
  | { warmUp: true; language: string | undefined };

export interface HighlightResult {
  id: number;
  html: string | null;
}
