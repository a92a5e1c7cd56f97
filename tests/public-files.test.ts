import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieValue, setCookie, startStack, type Stack } from './support/stack';

// The static files of public/ in the production server: answered by Next itself, past the proxy
// and the request guard, and named by every page's <head>.
let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.stop());

const get = (path: string, init: RequestInit = {}) => fetch(stack.next.url + path, { redirect: 'manual', ...init });

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe('icons', () => {
  it('answers /favicon.ico: an ICO of 16, 32 and 48 px PNGs', async () => {
    const answer = await get('/favicon.ico');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    const ico = Buffer.from(await answer.arrayBuffer());
    expect(ico.readUInt16LE(0)).toBe(0);
    expect(ico.readUInt16LE(2)).toBe(1);
    const count = ico.readUInt16LE(4);
    const sizes: number[] = [];
    for (let i = 0; i < count; i++) {
      const entry = 6 + 16 * i;
      const [length, offset] = [ico.readUInt32LE(entry + 8), ico.readUInt32LE(entry + 12)];
      const [width, height] = pngSize(ico.subarray(offset, offset + length));
      expect([width, height]).toEqual([ico.readUInt8(entry), ico.readUInt8(entry + 1)]);
      sizes.push(width);
    }
    expect(sizes).toEqual([16, 32, 48]);
  });

  it.each([
    ['/apple-touch-icon.png', 180],
    ['/icon-192.png', 192],
    ['/icon-512.png', 512],
  ])('answers %s, %i px square', async (path, size) => {
    const answer = await get(path);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(pngSize(Buffer.from(await answer.arrayBuffer()))).toEqual([size, size]);
  });

  it('answers the SVG icon and the web manifest, whose icons exist', async () => {
    const svg = await get('/icon.svg');
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await svg.text()).toContain('<svg');

    const answer = await get('/manifest.webmanifest');
    expect(answer.status).toBe(200);
    const manifest = JSON.parse(await answer.text()) as { short_name: string; icons: { src: string }[] };
    expect(manifest.short_name).toBe('语境');
    for (const icon of manifest.icons) expect((await get(icon.src)).status, icon.src).toBe(200);
  });

  it('serves them to logged-in users as they are, as it serves their pages', async () => {
    const email = `icons-${Date.now()}@example.com`;
    const post = (path: string, body: unknown) =>
      fetch(stack.next.url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: stack.next.url },
        body: JSON.stringify(body),
      });
    await post('/api/pre_email_login', { email });
    const outbox = await fetch(`${stack.upstream.url}/__test/outbox?email=${encodeURIComponent(email)}`);
    const { messages } = (await outbox.json()) as { messages: { code: string }[] };
    const login = await post('/api/email_login', { email, code: messages[0].code });
    const session = cookieValue(setCookie(login.headers, 'yj_session'));
    expect(session).not.toBe('');
    const headers = { cookie: `yj_session=${session}`, 'sec-fetch-dest': 'document' };

    // No redirect for anyone: the page puts share_account on its URL in the browser.
    expect((await get('/AboutUs', { headers })).status).toBe(200);
    for (const path of ['/favicon.ico', '/icon.svg', '/apple-touch-icon.png', '/manifest.webmanifest']) {
      expect((await get(path, { headers })).status, path).toBe(200);
    }
  });

  it('names them in every page’s head', async () => {
    for (const path of ['/', '/AboutUs', '/definitely/not/here']) {
      const html = await (await get(path)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head, path).toMatch(/<link rel="icon" href="\/favicon\.ico(\?[^"]*)?" sizes="16x16 32x32 48x48"/);
      expect(head, path).toMatch(/<link rel="icon" href="\/icon\.svg(\?[^"]*)?" type="image\/svg\+xml"/);
      expect(head, path).toMatch(/<link rel="apple-touch-icon" href="\/apple-touch-icon\.png(\?[^"]*)?" sizes="180x180"/);
      expect(head, path).toMatch(/<link rel="manifest" href="\/manifest\.webmanifest(\?[^"]*)?"/);
    }
  });
});
