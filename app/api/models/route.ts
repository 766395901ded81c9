import { withRuntime } from '@/lib/server/gateway/with-runtime';
import { withAccess } from '@/lib/server/auth/api-gate';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** `GET /api/models`: every provider's models, merged with configuration. */
export function GET(request: Request): Promise<Response> {
  return withAccess(request, () =>
    withRuntime(async ({ config, catalog }) => {
      const models = (await catalog.list()).map(({ upstreamId: _upstreamId, ...info }) => info);
      const wanted = config.defaultModel;
      const defaultModel =
        (wanted && models.find((m) => m.id === wanted || m.id.endsWith(`:${wanted}`))?.id) ??
        models[0]?.id ??
        null;
      return Response.json(
        { models, default_model: defaultModel },
        { headers: { 'Cache-Control': 'no-store' } },
      );
    }),
  );
}
