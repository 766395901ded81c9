import 'server-only';
import { EMBED_PASS_HEADER } from '../../protocol/embed-access';
import { getAuthConfig } from '../config/auth-config';
import { issueEmbedPass, readEmbedPass } from './embed-pass';
import { isCrossSite } from './request-origin';

/**
 * `GET /embed/pass`: a fresh pass for the widget's page, which renews the one it was rendered with
 * before it expires. It asks for nothing the `/embed` page itself does not (that page is public by
 * design); the pass only proves a request went through the widget's page recently. The site the
 * current pass names (sent in `X-Runnel-Embed-Pass`) carries over to the new one; nothing else can
 * name it.
 */
export async function handleEmbedPass(request: Request): Promise<Response> {
  const config = getAuthConfig();
  if (!config.secret) return new Response(null, { status: 404 });
  if (isCrossSite(request.headers, config)) return new Response(null, { status: 403 });
  const current = request.headers.get(EMBED_PASS_HEADER);
  const claims = current ? await readEmbedPass(current, config.secret) : null;
  return Response.json(await issueEmbedPass(config.secret, claims ?? {}), {
    headers: { 'Cache-Control': 'no-store' },
  });
}
