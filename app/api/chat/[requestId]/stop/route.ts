import { handleResumeStop } from '@/lib/server/resume/handle-resume';
import { serveResumeRoute, type ResumeRouteContext } from '@/lib/server/resume/resume-route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Stops a resumable answer wherever it is generated (`X-Resume-Token`): docs/protocol.md. */
export async function POST(request: Request, context: ResumeRouteContext): Promise<Response> {
  return serveResumeRoute(request, context, handleResumeStop);
}
