import {
  DEFAULT_MAX_OUTPUT_TOKENS,
  DEFAULT_MAX_REQUEST_BYTES,
  type ModelsResponse,
} from '@/lib/protocol/api-shapes';
import { ConfigError } from '@/lib/server/config/config-error';
import { getUiConfig, type UiConfig } from '@/lib/server/config/ui-config';
import { jsonError } from '@/lib/server/http/json-error';
import { withServices } from '@/lib/server/entry/with-services';
import { withAccess } from '@/lib/server/auth/api-gate';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * `GET /api/models`: every provider's models, merged with configuration, and what the chat page
 * needs to know of the server's settings — each only when it differs from the documented default.
 */
export function GET(request: Request): Promise<Response> {
  return withAccess(request, (identity) =>
    withServices(async ({ config, catalog }) => {
      let ui: UiConfig;
      try {
        ui = getUiConfig();
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        console.error(`[runnel] ${error.message}`);
        return jsonError({ status: 500, code: 'configuration_error', message: error.message });
      }
      const widgetModels = identity.kind === 'visitor' ? config.limits.embedModels : undefined;
      const models = (await catalog.list())
        .map(({ upstreamId: _upstreamId, ...info }) => info)
        // Visitors see only what they may use (EMBED_MODELS): the rest of a closed server's
        // models are none of an anonymous visitor's business.
        .filter((m) => !widgetModels || widgetModels.includes(m.id));
      // A visitor's composer refuses, before sending, what its smaller cap would refuse.
      const maxRequestBytes =
        identity.kind === 'visitor'
          ? Math.min(config.traffic.embedMaxRequestBytes, config.maxRequestBytes)
          : config.maxRequestBytes;
      const wanted = config.defaultModel;
      const defaultModel =
        (wanted && models.find((m) => m.id === wanted || m.id.endsWith(`:${wanted}`))?.id) ??
        models[0]?.id ??
        null;
      const body: ModelsResponse = {
        models,
        default_model: defaultModel,
        ...(ui.suggestedPrompts.length ? { suggested_prompts: ui.suggestedPrompts } : {}),
        ...(ui.notice ? { notice: ui.notice } : {}),
        ...(ui.imageMaxEdgeSet ? { image_max_edge: ui.imageMaxEdge } : {}),
        ...(maxRequestBytes !== DEFAULT_MAX_REQUEST_BYTES
          ? { max_request_bytes: maxRequestBytes }
          : {}),
        ...(ui.titleModel ? { title_model: ui.titleModel } : {}),
        ...(config.maxOutputTokens !== DEFAULT_MAX_OUTPUT_TOKENS
          ? { max_output_tokens: config.maxOutputTokens }
          : {}),
      };
      return Response.json(body, { headers: { 'Cache-Control': 'no-store' } });
    }),
  );
}
