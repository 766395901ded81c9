import 'server-only';

import { withAccess } from '../auth/api-gate';
import { withServices } from './with-services';
import { processSingleton } from '../process-singleton';
import { resumeBinding } from './resume-binding';
import { createReaderCaps } from './reader-caps';
import type { ResumeContext } from './handle-resume';

/** The dynamic segment of `/api/chat/{request_id}/…`, as Next passes it to a route. */
export interface ResumeRouteContext {
  params: Promise<{ requestId: string }>;
}

type ResumeHandler = (
  request: Request,
  requestId: string,
  context: ResumeContext,
) => Promise<Response>;

/**
 * Runs one of a resumable answer's routes (`events`, `stop`) behind the access gate, with the
 * answers of this instance (and of every instance, with Redis) and the identity it is bound to.
 */
export async function serveResumeRoute(
  request: Request,
  { params }: ResumeRouteContext,
  handle: ResumeHandler,
): Promise<Response> {
  const { requestId } = await params;
  return withAccess(request, (identity) =>
    withServices(({ resume, config }) =>
      handle(request, requestId, {
        stores: resume,
        keepaliveIntervalMs: config.keepaliveIntervalMs,
        identityKey: resumeBinding(identity),
        readerKey: identity.key,
        caps: processSingleton('resume-reader-caps', () => createReaderCaps()),
      }),
    ),
  );
}
