import { afterEach, describe, expect, it, vi } from 'vitest';
import { userInfo } from '@/lib/contract/calls/account';

// What the API core would answer, when the plain reading leaves the answer to it.
const callData = vi.fn();
vi.mock('./api', async (original) => ({
  ...(await original<typeof import('./api')>()),
  callData: (name: string) => callData(name),
}));
const { fetchCurrentUser, isUserInfo } = await import('./user-fetch');

const data = { account: '10001', nickname: 'Alice', headimgurl: '', vip_info: { is_vip_now: true, expire_time: '2027-01-01' } };
const answering = (status: number, body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  );

afterEach(() => {
  vi.unstubAllGlobals();
  callData.mockReset();
});

describe('who is logged in, asked as every page loads', () => {
  it('reads a user, nobody (OK without a user) or a 401 by hand, without the API core', async () => {
    answering(200, { status: 'OK', data });
    expect(await fetchCurrentUser()).toEqual({
      account: '10001',
      nickname: 'Alice',
      headimgurl: '',
      isVip: true,
      expireTime: '2027-01-01',
    });
    answering(200, { status: 'OK', description: '未登录' });
    expect(await fetchCurrentUser()).toBeNull();
    answering(401, { status: '401', description: '未登录' });
    expect(await fetchCurrentUser()).toBeNull();
    expect(callData).not.toHaveBeenCalled();
  });

  it('leaves every other answer to the API core, which reads it as it reads every call', async () => {
    callData.mockResolvedValue(data);
    for (const [status, body] of [
      [502, { status: '502', description: '服务暂时不可用' }],
      [200, { status: 'OK', data: { ...data, vip_info: null } }],
      [200, { status: 'invalid_token' }],
    ] as const) {
      answering(status, body);
      await fetchCurrentUser();
    }
    expect(callData).toHaveBeenCalledTimes(3);
  });

  it('takes by hand exactly the answers the contract takes', () => {
    const samples: unknown[] = [
      data,
      { ...data, vip_info: { is_vip_now: false } },
      { ...data, vip_info: { is_vip_now: false, expire_time: null } },
      { ...data, api_token: 't' },
      { ...data, account: 10001 },
      { ...data, nickname: undefined },
      { ...data, vip_info: { is_vip_now: 'yes' } },
      { ...data, vip_info: { is_vip_now: true, expire_time: 5 } },
      null,
      'Alice',
    ];
    for (const sample of samples) expect(isUserInfo(sample)).toBe(userInfo.safeParse(sample).success);
  });
});
