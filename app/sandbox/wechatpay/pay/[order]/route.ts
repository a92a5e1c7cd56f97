import type { NextRequest } from 'next/server';
import { JSON_BODY_LIMIT, readBody } from '@/lib/bff/body';
import { answerError, checkSameOrigin, relayAnswer } from '@/lib/bff/forward';
import { sandboxReturn } from '@/lib/bff/sandbox-return';
import { callUpstream } from '@/lib/bff/upstream';

/**
 * The WeChat Pay sandbox's pay page (used when no merchant is configured): the sandbox QR code
 * opens it on the site's own origin, and so does an H5 order's h5_url, whose `redirect_url` (in
 * the query, kept for the form's post) is where the page sends the browser back to. The upstream
 * refuses it in production.
 */
export const dynamic = 'force-dynamic';

const pathOf = async (context: { params: Promise<{ order: string }> }) =>
  `/sandbox/wechatpay/pay/${encodeURIComponent((await context.params).order)}`;

export async function GET(request: NextRequest, context: { params: Promise<{ order: string }> }) {
  try {
    const answer = await callUpstream({
      method: 'GET',
      path: await pathOf(context),
      search: new URL(request.url).search,
      headers: { accept: 'text/html' },
      signal: request.signal,
    });
    return relayAnswer(answer, false);
  } catch (error) {
    return answerError(error, request);
  }
}

export async function POST(request: NextRequest, context: { params: Promise<{ order: string }> }) {
  try {
    checkSameOrigin(request);
    const answer = await callUpstream({
      method: 'POST',
      path: await pathOf(context),
      search: new URL(request.url).search,
      headers: { 'content-type': request.headers.get('content-type') ?? 'application/x-www-form-urlencoded' },
      body: await readBody(request, JSON_BODY_LIMIT),
      signal: request.signal,
    });
    // An H5 payment goes back only to this site's own /VipFinish, as WeChat returns only to the
    // merchant's H5 domain.
    return sandboxReturn(answer, request, '/VipFinish') ?? relayAnswer(answer, false);
  } catch (error) {
    return answerError(error, request);
  }
}
