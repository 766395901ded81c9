import { jsonError } from '@/lib/server/http/json-error';
import { withServices } from '@/lib/server/entry/with-services';
import { bearerMatches } from '@/lib/server/metrics/metrics-access';
import { getMetricSet } from '@/lib/server/metrics/registry';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * `GET /api/metrics`: Prometheus text format, for `Authorization: Bearer $METRICS_TOKEN` only.
 * Without `METRICS_TOKEN` the route does not exist (404), so nothing is exposed by default.
 */
export function GET(request: Request): Promise<Response> {
  return withServices(async ({ config }) => {
    const token = config.ops.metricsToken;
    if (!token) {
      return jsonError({ status: 404, code: 'not_found', message: 'Metrics are not enabled' });
    }
    if (!bearerMatches(request.headers.get('authorization'), token)) {
      const refused = jsonError({
        status: 401,
        code: 'unauthorized',
        message: 'Metrics need Authorization: Bearer <METRICS_TOKEN>',
      });
      refused.headers.set('WWW-Authenticate', 'Bearer realm="metrics"');
      return refused;
    }
    const { registry } = getMetricSet();
    return new Response(await registry.metrics(), {
      headers: { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' },
    });
  });
}
