import type { FeedbackRequest } from '../../protocol/feedback';

/**
 * Tells the server of a vote, to be counted per model (`POST /api/feedback`). The vote is already
 * kept with the conversation; a count that cannot be sent (offline, refused) is not retried.
 */
export async function sendFeedback(fetcher: typeof fetch, vote: FeedbackRequest): Promise<void> {
  try {
    await fetcher('/api/feedback', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(vote),
    });
  } catch {
    // Offline or refused: the reader's vote stays on the answer either way.
  }
}
