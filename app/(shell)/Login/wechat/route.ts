import type { NextRequest } from 'next/server';
import { startWechatLogin } from '@/lib/bff/oauth';

// Starts WeChat login: the QR login on desktop, the official-account login inside WeChat.
export function GET(request: NextRequest) {
  return startWechatLogin(request);
}
