import type { NextRequest } from 'next/server';
import { JSON_BODY_LIMIT, readBody } from '@/lib/bff/body';
import { answerError, checkSameOrigin, relayAnswer } from '@/lib/bff/forward';
import { callUpstream } from '@/lib/bff/upstream';

/**
 * The WeChat Pay sandbox's pay page (used when no merchant is configured): the sandbox QR code
 * opens it on the site's own origin. The upstream refuses it in production.
 */
export const dynamic = 'force-dynamic';

const pathOf = async (context: { params: Promise<{ order: string }> }) =>
  `/sandbox/wechatpay/pay/${encodeURIComponent((await context.params).order)}`;

export async function GET(request: NextRequest, context: { params: Promise<{ order: string }> }) {
  try {
    const answer = await callUpstream({
      method: 'GET',
      path: await pathOf(context),
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
      headers: { 'content-type': request.headers.get('content-type') ?? 'application/x-www-form-urlencoded' },
      body: await readBody(request, JSON_BODY_LIMIT),
      signal: request.signal,
    });
    return relayAnswer(answer, false);
  } catch (error) {
    return answerError(error, request);
  }
}
