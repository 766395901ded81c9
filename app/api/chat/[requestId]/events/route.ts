import { withAccess } from '@/lib/server/auth/api-gate';
import { withRuntime } from '@/lib/server/gateway/with-runtime';
import { resumeBinding } from '@/lib/server/resume/binding';
import { handleResumeEvents } from '@/lib/server/resume/handle-resume';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Reattaches to a resumable answer (`X-Resume-Token`, `Last-Event-ID`): docs/protocol.md. */
export async function GET(
  request: Request,
  { params }: { params: Promise<{ requestId: string }> },
): Promise<Response> {
  const { requestId } = await params;
  return withAccess(request, (identity) =>
    withRuntime(({ resume, config }) =>
      handleResumeEvents(request, requestId, {
        stores: resume,
        keepaliveIntervalMs: config.keepaliveIntervalMs,
        identityKey: resumeBinding(identity),
      }),
    ),
  );
}
