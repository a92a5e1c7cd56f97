import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { proxy } from '../proxy';

// The proxy in process: how it answers page requests before anything renders.
function run(path: string, headers: Record<string, string> = {}) {
  return proxy(new NextRequest(new URL(path, 'http://localhost:3000'), { headers }));
}

describe('proxy: page requests', () => {
  it('answers /NotFound with the server-rendered not-found route, keeping the address, never stored', async () => {
    const response = await run('/NotFound');
    expect(response.headers.get('x-middleware-rewrite')).toBe('http://localhost:3000/_not-found');
    expect(response.headers.get('cache-control')).toBe('no-store');
    // Next may serve the rewrite by requesting the not-found route from itself: that answer too.
    const inner = await run('/_not-found');
    expect(inner.headers.get('x-middleware-next')).toBe('1');
    expect(inner.headers.get('cache-control')).toBe('no-store');
  });

  it('answers a /{product} that names no product with the not-found route, and lets the products through', async () => {
    const unknown = await run('/nosuchproduct');
    expect(unknown.headers.get('x-middleware-rewrite')).toBe('http://localhost:3000/_not-found');
    expect(unknown.headers.get('cache-control')).toBe('no-store');
    for (const path of ['/classic', '/cet4', '/me', '/word']) {
      expect((await run(path)).headers.get('x-middleware-next'), path).toBe('1');
      expect((await run(path)).headers.get('cache-control'), path).toBeNull();
    }
  });

  it('lets ordinary pages through untouched', async () => {
    const response = await run('/AboutUs?from=footer');
    expect(response.headers.get('x-middleware-next')).toBe('1');
    expect(response.headers.get('location')).toBeNull();
  });

  it('redirects instead of rendering where the route table forwards, keeping the query', async () => {
    const response = await run('/zhenti?share_account=7');
    expect(response.status).toBe(308);
    expect(response.headers.get('location')).toBe('http://localhost:3000/aiBook/paper?share_account=7');
    const unknown = await run('/aiBook/nope');
    expect(unknown.status).toBe(307);
    expect(unknown.headers.get('location')).toBe('http://localhost:3000/NotFound');
  });

  it('answers malformed percent-encoding under /api with the catalogue 404 JSON', async () => {
    const response = await run('/api/%E0%A4%A');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ status: '404', description: '访问资源不存在' });
  });
});
