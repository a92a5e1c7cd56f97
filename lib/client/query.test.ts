import { afterEach, describe, expect, it, vi } from 'vitest';

// The user's first ask goes to the BFF; here it answers as the test says.
const getUserInfo = vi.fn();
vi.mock('./api', () => ({ callData: (name: string) => getUserInfo(name) }));

const { createQueryClient } = await import('./query');
const { UserStore, userQueryKey } = await import('./user-store');

const alice = { account: '10001', nickname: 'Alice', headimgurl: '', isVip: false, expireTime: null };
const info = (user: typeof alice) => ({
  account: user.account,
  nickname: user.nickname,
  headimgurl: user.headimgurl,
  vip_info: { is_vip_now: user.isVip, expire_time: user.expireTime },
});

afterEach(() => getUserInfo.mockReset());

describe('the shell’s user and the features’ user query', () => {
  it('tell each other every change, and a change that changes nothing is not news', () => {
    const user = new UserStore();
    const heard = vi.fn();
    user.subscribe(heard);
    user.set(alice);
    const client = createQueryClient({ user, queryClient: null });
    // What the store knew is in the query at once, as fresh as the store had it.
    expect(client.getQueryData(userQueryKey)).toEqual(alice);
    expect(client.getQueryState(userQueryKey)?.dataUpdatedAt).toBe(user.updatedAt);

    // A feature logs the user out (useLogout): the header hears of it.
    client.setQueryData(userQueryKey, null);
    expect(user.get()).toBeNull();
    // A server render brings a member along (UserSeed): the features' query has it.
    const member = { ...alice, isVip: true, expireTime: '2027-01-01' };
    user.set(member);
    expect(client.getQueryData(userQueryKey)).toEqual(member);
    expect(heard).toHaveBeenCalledTimes(3);
    user.set({ ...member });
    client.setQueryData(userQueryKey, { ...member });
    expect(heard).toHaveBeenCalledTimes(3);
  });

  it('asks the server once however many parts of the page want the user, and takes no answer as a visitor', async () => {
    getUserInfo.mockResolvedValue(info(alice));
    const user = new UserStore();
    await Promise.all([user.load(), user.load(), user.load()]);
    expect(getUserInfo).toHaveBeenCalledTimes(1);
    expect(user.get()).toEqual(alice);

    getUserInfo.mockRejectedValue(new Error('offline'));
    const offline = new UserStore();
    await offline.load();
    expect(offline.get()).toBeNull();
  });

  it('has the features’ query wait for the shell’s question still under way, not ask again', async () => {
    vi.stubGlobal('window', { addEventListener() {}, removeEventListener() {} });
    try {
      let answer: (value: unknown) => void = () => {};
      getUserInfo.mockReturnValue(new Promise((resolve) => (answer = resolve)));
      const user = new UserStore();
      const asking = user.load();
      const client = createQueryClient({ user, queryClient: null });
      // Let the query's observer start its fetch, then answer the one question.
      await new Promise((r) => setTimeout(r, 0));
      answer(info(alice));
      await asking;
      await vi.waitFor(() => expect(client.getQueryData(userQueryKey)).toEqual(alice));
      expect(getUserInfo).toHaveBeenCalledTimes(1);
      client.unmount();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
