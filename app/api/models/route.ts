import { getRuntime } from '@/lib/gateway/runtime';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** `GET /api/models`: every provider's models, merged with configuration. */
export async function GET(): Promise<Response> {
  const { config, catalog } = getRuntime();
  const models = (await catalog.list()).map(({ upstreamId: _upstreamId, ...info }) => info);
  const defaultModel =
    models.find((m) => m.id === config.defaultModel || m.id.endsWith(`:${config.defaultModel}`))?.id ??
    models[0]?.id ??
    null;
  return Response.json({ models, default_model: defaultModel }, { headers: { 'Cache-Control': 'no-store' } });
}
