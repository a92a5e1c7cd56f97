import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// The browser client's error rules (spec section 8) against a real HTTP server.
const shown: string[] = [];
vi.mock('./toast', () => ({ toast: { error: (message: string) => shown.push(message) } }));

const { request } = await import('./api');
const { ApiError } = await import('./errors');

let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const status = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('status') ?? 200);
    res.writeHead(status, { 'content-type': 'application/json' });
    const bodies: Record<number, unknown> = {
      200: { status: 'OK', data: { ok: true } },
      401: { status: '401', description: '请先登录' },
      429: { status: '000', description: '操作太频繁，请勿重复请求' },
      400: { status: 'invalid_code', description: '验证码错误' },
      500: { status: '500', description: 'boom' },
      502: { status: '502', description: '服务暂时不可用，请稍后再试' },
      504: { status: '504', description: '服务响应超时，请稍后再试' },
      418: {},
    };
    res.end(JSON.stringify(bodies[status] ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  shown.length = 0;
});

const get = (path: string) => request<unknown>(base + path, { method: 'GET' });

describe('browser API client', () => {
  it('answers the data of a 200', async () => {
    await expect(get('/api/x')).resolves.toEqual({ status: 'OK', data: { ok: true } });
  });

  it('rejects a 401 with the answer data and shows no toast', async () => {
    const error = await get('/api/x?status=401').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as InstanceType<typeof ApiError>).data).toEqual({ status: '401', description: '请先登录' });
    expect((error as Error).message).toBe('您没有权限进行此操作');
    expect(shown).toEqual([]);
  });

  it.each([
    [429, '操作太频繁，请勿重复请求'],
    [500, '服务器错误'],
    [400, '验证码错误'],
    [418, '未知系统错误，请反馈给管理员'],
  ])('maps HTTP %i to the catalogue message without a toast', async (status, message) => {
    await expect(get(`/api/x?status=${status}`)).rejects.toThrow(message);
    expect(shown).toEqual([]);
  });

  it('always toasts gateway failures and timeouts (502, 504)', async () => {
    await expect(get('/api/x?status=502')).rejects.toThrow('服务暂时不可用，请稍后再试');
    await expect(get('/api/x?status=504')).rejects.toThrow('服务响应超时，请稍后再试');
    expect(shown).toEqual(['服务暂时不可用，请稍后再试', '服务响应超时，请稍后再试']);
  });

  it('toasts network errors, except for /api/bi-provider', async () => {
    await expect(request('http://127.0.0.1:9/api/x', { method: 'GET' })).rejects.toThrow(/网络错误/);
    expect(shown).toHaveLength(1);
    await expect(request('/api/bi-provider/track', { method: 'GET' })).rejects.toBeInstanceOf(ApiError);
    expect(shown).toHaveLength(1);
  });

  it('shows no toast at all for a quiet request (a poll that ignores its failures)', async () => {
    await expect(request(`${base}/api/x?status=502`, { method: 'GET', quiet: true })).rejects.toThrow('服务暂时不可用');
    await expect(request('http://127.0.0.1:9/api/x', { method: 'GET', quiet: true })).rejects.toThrow(/网络错误/);
    expect(shown).toEqual([]);
  });
});
