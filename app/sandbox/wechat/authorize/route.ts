import type { NextRequest } from 'next/server';
import { answerError, checkSameOrigin, relayAnswer } from '@/lib/bff/forward';
import { JSON_BODY_LIMIT, readBody } from '@/lib/bff/body';
import { sandboxReturn } from '@/lib/bff/sandbox-return';
import { callUpstream } from '@/lib/bff/upstream';

/**
 * The WeChat login sandbox of the embedded upstream (used when no WeChat app id is configured):
 * its authorise page is shown on the site's own origin, as WeChat's would be. The upstream
 * refuses it in production.
 */
const SANDBOX_PATH = '/sandbox/wechat/authorize';
export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest) {
  try {
    const answer = await callUpstream({
      method: 'GET',
      path: SANDBOX_PATH,
      search: new URL(request.url).search,
      headers: { accept: 'text/html' },
      signal: request.signal,
    });
    return relayAnswer(answer, false);
  } catch (error) {
    return answerError(error, request);
  }
}

export async function POST(request: NextRequest) {
  try {
    checkSameOrigin(request);
    const answer = await callUpstream({
      method: 'POST',
      path: SANDBOX_PATH,
      headers: { 'content-type': request.headers.get('content-type') ?? 'application/x-www-form-urlencoded' },
      body: await readBody(request, JSON_BODY_LIMIT),
      signal: request.signal,
    });
    // Only back to this site's own /Login: the sandbox never sends anybody elsewhere.
    return sandboxReturn(answer, request, '/Login') ?? relayAnswer(answer, false);
  } catch (error) {
    return answerError(error, request);
  }
}
