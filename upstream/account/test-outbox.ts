import { Hono } from 'hono';
import { normalizeEmail } from './email-login';
import { readOutbox } from './mailer';
import type { Db } from '../db/database';

/** Test environment only: lets the browser tests read the login codes that were "sent". */
export function testOutboxRoutes({ db }: { db: Db }): Hono {
  return new Hono().get('/outbox', async (c) => {
    const email = c.req.query('email');
    return c.json({ messages: await readOutbox(db, email ? normalizeEmail(email) : undefined) });
  });
}
