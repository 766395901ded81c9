import { withAccess } from '@/lib/server/auth/api-gate';
import { withRuntime } from '@/lib/server/gateway/with-runtime';
import { resumeBinding } from '@/lib/server/resume/binding';
import { handleResumeStop } from '@/lib/server/resume/handle-resume';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Stops a resumable answer wherever it is generated (`X-Resume-Token`): docs/protocol.md. */
export async function POST(
  request: Request,
  { params }: { params: Promise<{ requestId: string }> },
): Promise<Response> {
  const { requestId } = await params;
  return withAccess(request, (identity) =>
    withRuntime(({ resume, config }) =>
      handleResumeStop(request, requestId, {
        stores: resume,
        keepaliveIntervalMs: config.keepaliveIntervalMs,
        identityKey: resumeBinding(identity),
      }),
    ),
  );
}
