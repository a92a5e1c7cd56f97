import { callUpstream } from '@/lib/bff/upstream';

// For load balancers and systemd checks: the site answers, and so does its upstream.
export const dynamic = 'force-dynamic';

export async function GET() {
  try {
    const answer = await callUpstream({
      method: 'GET',
      path: '/health',
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(3000),
    });
    answer.body.resume();
    const upstream = answer.statusCode === 200 ? 'OK' : `HTTP ${answer.statusCode}`;
    return Response.json({ status: upstream === 'OK' ? 'OK' : 'DEGRADED', upstream }, { status: upstream === 'OK' ? 200 : 503 });
  } catch {
    return Response.json({ status: 'DEGRADED', upstream: 'unreachable' }, { status: 503 });
  }
}
