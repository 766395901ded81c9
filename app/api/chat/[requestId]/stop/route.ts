import { handleResumeStop } from '@/lib/server/entry/handle-resume';
import { serveResumeRoute, type ResumeRouteContext } from '@/lib/server/entry/resume-route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Stops a resumable answer wherever it is generated (`X-Resume-Token`): docs/protocol.md. */
export async function POST(request: Request, context: ResumeRouteContext): Promise<Response> {
  return serveResumeRoute(request, context, handleResumeStop);
}
