import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type Db } from '../db/database';
import { loadConfig } from '../platform/config';
import { stamp } from '../platform/time';
import { createOrders } from './orders';
import { createSandboxProvider } from './sandbox-provider';

// SQLite only (a file both processes open): the settlement's atomicity on PostgreSQL is the
// database's own, and the concurrency tests run there too (orders.test.ts).

let dir: string;
let db: Db | undefined;
afterEach(async () => {
  await db?.destroy();
  db = undefined;
  await rm(dir, { recursive: true, force: true });
});

const run = (args: string[]) =>
  new Promise<NodeJS.Signals | number | null>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./test-support/settle-and-die.ts', import.meta.url)), ...args],
      {
        stdio: 'ignore',
      },
    );
    child.on('exit', (code, signal) => resolve(signal ?? code));
  });

describe('a process killed while crediting a payment', () => {
  it('loses nothing and credits nothing twice: the next start finishes the settlement', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'yujing-crash-'));
    const file = path.join(dir, 'yujing.sqlite');
    db = openDatabase({ databasePath: file });
    await migrateToLatest(db);
    const now = () => new Date();
    const user = await db
      .insertInto('users')
      .values({
        account: '20000001',
        email: 'crash@example.com',
        wechat_openid: null,
        wechat_unionid: null,
        nickname: 'crash',
        headimgurl: '',
        api_token: 'yj_crash',
        vip_expires_at: null,
        referrer_account: null,
        created_at: stamp(now()),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const sandbox = createSandboxProvider({ db, now, payPageUrl: (id) => `/sandbox/wechatpay/pay/${id}` });
    const orders = createOrders({ db, now, config: loadConfig({}).membership, provider: sandbox, log: () => {} });
    const { order_id } = await orders.qrCodeOrder(user, 'month', 2800);
    await sandbox.pay(order_id);
    const paid = await sandbox.queryOrder(order_id);

    // Another process takes the notification and is killed -9 halfway through crediting it.
    expect(await run([file, order_id, paid!.transactionId!, '2800'])).toBe('SIGKILL');
    const after = await db.selectFrom('orders').select('status').where('id', '=', order_id).executeTakeFirstOrThrow();
    expect(after.status).toBe('pending');
    expect(
      (await db.selectFrom('users').select('vip_expires_at').where('id', '=', user.id).executeTakeFirstOrThrow()).vip_expires_at,
    ).toBeNull();
    expect(await db.selectFrom('payments').selectAll().execute()).toHaveLength(0);

    // The next start asks the provider about pending orders and credits the payment, once.
    expect(await orders.recover()).toBe(1);
    expect(await orders.recover()).toBe(0);
    expect((await db.selectFrom('payments').selectAll().execute()).map((p) => p.outcome)).toEqual(['credited']);
    expect(
      (await db.selectFrom('users').select('vip_expires_at').where('id', '=', user.id).executeTakeFirstOrThrow()).vip_expires_at,
    ).not.toBeNull();
  });
});
