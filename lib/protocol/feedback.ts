/** A reader's verdict on an answer. */
export type Rating = 'up' | 'down';

/**
 * `POST /api/feedback`: a thumbs up or down given to (or taken back from, `rating: null`) an answer
 * of `model`. `previous` is what the reader had given before, so a changed mind is counted once
 * (docs/protocol.md).
 */
export interface FeedbackRequest {
  model: string;
  rating: Rating | null;
  previous: Rating | null;
}

/** The most a feedback body can be: three short fields. */
export const MAX_FEEDBACK_BYTES = 1024;
