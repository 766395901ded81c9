import 'server-only';
import { getAuthConfig } from '../config/auth-config';
import { issueEmbedPass } from './embed-pass';
import { isCrossSite } from './request-origin';

/**
 * `GET /embed/pass`: a fresh pass for the widget's page, which renews the one it was rendered with
 * before it expires. It asks for nothing the `/embed` page itself does not (that page is public by
 * design); the pass only proves a request went through the widget's page recently.
 */
export async function handleEmbedPass(request: Request): Promise<Response> {
  const config = getAuthConfig();
  if (!config.secret) return new Response(null, { status: 404 });
  if (isCrossSite(request.headers, config)) return new Response(null, { status: 403 });
  return Response.json(await issueEmbedPass(config.secret), {
    headers: { 'Cache-Control': 'no-store' },
  });
}
