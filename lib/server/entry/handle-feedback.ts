import 'server-only';
import { z } from 'zod';
import { MAX_FEEDBACK_BYTES, type FeedbackRequest } from '../../protocol/feedback';
import type { Identity } from '../auth/identity';
import { readJsonBody } from '../http/read-body';
import { jsonError, tooManyRequests } from '../http/json-error';
import type { Services } from './services';
import { createRateLimiter, type RateCounter } from '../redis/rate-limiter';
import { metrics } from '../metrics/metrics';

const feedbackSchema: z.ZodType<FeedbackRequest> = z
  .object({
    model: z.string().min(1).max(300),
    rating: z.enum(['up', 'down']).nullable(),
    previous: z.enum(['up', 'down']).nullable(),
  })
  .strict();

/** Votes a minute one identity may cast: far more than a reader clicks, too few to stuff a count. */
export const FEEDBACK_PER_MINUTE = 30;

let limiter: RateCounter | undefined;

/**
 * `POST /api/feedback`: counts a thumbs up or down per model (`runnel_answer_feedback_total`), the
 * widget's apart from the chat's. Cheap checks first: the identity (the route's gate), then the
 * identity's votes a minute, then a body of at most 1 KiB; the model must be one this identity
 * can chat with, so a label is always a configured model id. The vote itself is kept with the
 * conversation, in the browser: the server keeps counts only, never who voted.
 */
export async function handleFeedback(
  request: Request,
  services: Services,
  identity: Identity,
): Promise<Response> {
  limiter ??= createRateLimiter({
    keyPrefix: 'runnel:feedback',
    points: FEEDBACK_PER_MINUTE,
    duration: 60,
  });
  try {
    await limiter.consume(identity.key);
  } catch (refusal) {
    if (refusal instanceof Error) throw refusal;
    const retryAfter = Math.max(
      1,
      Math.ceil(((refusal as { msBeforeNext?: number }).msBeforeNext ?? 60_000) / 1000),
    );
    return tooManyRequests(`Too many votes: try again in ${retryAfter} seconds`, retryAfter);
  }
  const body = await readJsonBody(request, MAX_FEEDBACK_BYTES);
  if (!body.ok) return jsonError(body.error);
  const parsed = feedbackSchema.safeParse(body.value);
  if (!parsed.success) {
    return jsonError({
      status: 400,
      code: 'invalid_request',
      message:
        'Feedback is {"model", "rating": "up" | "down" | null, "previous": "up" | "down" | null}',
    });
  }
  const { model: modelId, rating, previous } = parsed.data;
  const allowed = identity.kind === 'visitor' ? services.config.limits.embedModels : undefined;
  const model = (await services.catalog.list()).find((m) => m.id === modelId);
  if (!model || (allowed && !allowed.includes(modelId))) {
    return jsonError({
      status: 404,
      code: 'model_not_found',
      param: 'model',
      message: 'Unknown model. GET /api/models lists the models available.',
    });
  }
  if (rating !== previous) {
    metrics.feedback({
      provider: model.provider,
      model: model.id,
      surface: identity.kind === 'visitor' ? 'widget' : 'chat',
      rating,
      previous,
    });
  }
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
}
