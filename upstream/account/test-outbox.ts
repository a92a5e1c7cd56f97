import { Hono } from 'hono';
import { normalizeEmail } from './email-login';
import { readOutbox } from './mailer';
import { readSmsOutbox } from './sms-sender';
import { normalizeMainlandPhone } from '../../lib/contract/phone';
import type { Db } from '../db/database';

/** Test environment only: lets the browser tests read the login codes that were "sent". */
export function testOutboxRoutes({ db }: { db: Db }): Hono {
  return new Hono()
    .get('/outbox', async (c) => {
      const email = c.req.query('email');
      return c.json({ messages: await readOutbox(db, email ? normalizeEmail(email) : undefined) });
    })
    .get('/sms', async (c) => {
      // A number as typed reads the same messages as its E.164 form.
      const phone = c.req.query('phone');
      const to = phone ? (normalizeMainlandPhone(phone) ?? phone) : undefined;
      return c.json({ messages: await readSmsOutbox(db, to) });
    });
}
