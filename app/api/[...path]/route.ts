import type { NextRequest } from 'next/server';
import { answerError, forwardCall, resolveCall } from '@/lib/bff/forward';
import { handleLoginCall, handleLogout } from '@/lib/bff/login';

// Every `/api/*` request of the browser: the backend-for-frontend.
export const dynamic = 'force-dynamic';

async function handle(request: NextRequest): Promise<Response> {
  try {
    const resolved = resolveCall(request);
    switch (resolved.matched.call.name) {
      case 'email_login':
      case 'sms_login':
      case 'password_login':
      case 'get_wechat_access_token':
      case 'bind_account':
        return await handleLoginCall(request, resolved.matched.call.name);
      case 'logout':
        return await handleLogout(request);
      default:
        return await forwardCall(request, resolved);
    }
  } catch (error) {
    return answerError(error, request);
  }
}

export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE, handle as OPTIONS };
