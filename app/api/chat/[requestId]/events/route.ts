import { handleResumeEvents } from '@/lib/server/entry/handle-resume';
import { serveResumeRoute, type ResumeRouteContext } from '@/lib/server/entry/resume-route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Reattaches to a resumable answer (`X-Resume-Token`, `Last-Event-ID`): docs/protocol.md. */
export async function GET(request: Request, context: ResumeRouteContext): Promise<Response> {
  return serveResumeRoute(request, context, handleResumeEvents);
}
