'use client';

import { useEffect, useState } from 'react';

/**
 * Whether the page runs in the WeChat browser, where WeChat's login is a button (the official
 * account's OAuth) rather than a QR code (spec section 2). False on the server and the first
 * render, so that both agree.
 */
export function useInsideWechat(): boolean {
  const [inside, setInside] = useState(false);
  useEffect(() => setInside(/MicroMessenger/i.test(navigator.userAgent)), []);
  return inside;
}
