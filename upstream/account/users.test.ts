import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestUpstream, type TestUpstream } from '../test-harness';
import { createUsers } from './users';

describe('users', () => {
  let upstream: TestUpstream;
  beforeEach(async () => {
    upstream = await startTestUpstream();
  });
  afterEach(() => upstream.stop());

  const usersService = () => createUsers({ db: upstream.db, now: upstream.clock.now });
  const countUsers = async () =>
    Number(
      (
        await upstream.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('creates one user for simultaneous first logins by the same e-mail, and answers it to each', async () => {
    const users = usersService();
    const made = await Promise.all(Array.from({ length: 12 }, () => users.findOrCreateByEmail('twice@example.com')));
    expect(new Set(made.map((u) => u.id)).size).toBe(1);
    expect(await countUsers()).toBe(1);
  });

  it('creates one user for simultaneous first logins by the same WeChat openid', async () => {
    const users = usersService();
    const profile = { openid: 'o-same', unionid: 'u-same', nickname: '微信用户', headimgurl: '' };
    const made = await Promise.all(Array.from({ length: 12 }, () => users.findOrCreateByWechat(profile)));
    expect(new Set(made.map((u) => u.id)).size).toBe(1);
    expect(await countUsers()).toBe(1);
  });
});
