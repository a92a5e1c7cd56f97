import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { readCaller } from './caller';

const app = new Hono().get('/who', (c) => c.json(readCaller(c)));
const who = async (headers: Record<string, string>) => (await app.request('/who', { headers })).json();

describe('readCaller', () => {
  it('takes the last X-Forwarded-For entry: the one the BFF appended', async () => {
    expect((await who({ 'x-forwarded-for': '6.6.6.6, 10.1.2.3' })).ip).toBe('10.1.2.3');
    expect((await who({ 'x-forwarded-for': '2001:db8::1' })).ip).toBe('2001:db8::1');
  });

  it('ignores a forwarded address that is not one', async () => {
    expect((await who({ 'x-forwarded-for': '1.2.3.4, <script>' })).ip).toBe('unknown');
    expect((await who({})).ip).toBe('unknown');
  });

  it('keeps a well-formed visitor id only', async () => {
    expect((await who({ 'x-visitor-id': 'b3f1c2d4-1a2b' })).visitorId).toBe('b3f1c2d4-1a2b');
    expect((await who({ 'x-visitor-id': 'a b' })).visitorId).toBeUndefined();
    expect((await who({ 'x-visitor-id': 'x'.repeat(129) })).visitorId).toBeUndefined();
  });

  it('knows a visitor the BFF made for this request (no cookie came) from one that kept its cookie', async () => {
    expect((await who({ 'x-visitor-id': 'b3f1c2d4-1a2b', 'x-visitor-new': '1' })).newVisitor).toBe(true);
    expect((await who({ 'x-visitor-id': 'b3f1c2d4-1a2b' })).newVisitor).toBe(false);
  });

  it('reads the bearer token, with or without the scheme', async () => {
    expect((await who({ authorization: 'Bearer abc.def' })).token).toBe('abc.def');
    expect((await who({ authorization: 'bearer   abc' })).token).toBe('abc');
    expect((await who({ authorization: 'abc' })).token).toBe('abc');
    expect((await who({})).token).toBeUndefined();
  });
});
