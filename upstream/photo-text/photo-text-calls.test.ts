import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoText } from '../../lib/contract';
import { renderPage } from '../../tests/support/page-image';
import { bearer, logInByEmail, startTestUpstream, type TestUpstream } from '../test-harness';

const paragraphs = [
  'The committee abandoned the ambiguous proposal after a long debate about the future of the old library.',
  'Nevertheless, several members insisted that the building deserved protection.',
];

describe('parse_image over HTTP', () => {
  let upstream: TestUpstream;
  let learner: Record<string, string>;

  const send = (bytes: Uint8Array | string, name: string, type: string, headers: Record<string, string> = {}) => {
    const form = new FormData();
    form.append('file', new Blob([bytes as BlobPart], { type }), name);
    return upstream.request('/api/parse_image', { method: 'POST', headers, body: form });
  };
  const countRows = async () => {
    const tables = ['users', 'word_list'] as const;
    return Promise.all(
      tables.map(async (t) =>
        Number(
          (
            await upstream.db
              .selectFrom(t)
              .select((e) => e.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ),
    );
  };

  beforeAll(async () => {
    // Two photos a day for a logged-in learner, so that the quota's turn comes soon.
    upstream = await startTestUpstream({ env: { FREE_USES_LOGIN: '2', FREE_USES_ANONYMOUS: '20' } });
    learner = bearer(await logInByEmail(upstream, 'photo-learner@example.com'));
  });
  afterAll(() => upstream?.stop());

  it('reads a photo of printed English: the text cleaned, and parsed as parse_text parses it', async () => {
    const photo = await renderPage({
      paragraphs,
      font: 'serif',
      size: 30,
      columnWidth: 760,
      rotation: 1,
      noise: 0.01,
      format: 'jpeg',
    });
    const answer = await send(photo.bytes, 'photo.jpg', 'image/jpeg', learner);
    expect(answer.http).toBe(200);
    expect(answer.body.status).toBe('OK');
    const data = photoText.parse(answer.body.data);
    expect(data.text).toBe(photo.text);
    expect(data.width).toBe(photo.width);
    expect(data.height).toBe(photo.height);
    expect(data.confidence).toBeGreaterThan(80);
    expect(data.passage.sentences).toHaveLength(2);
    expect(data.passage.marks_included).toBe(true);
    expect(data.passage.phrases_withheld).toMatchObject({ reason: 'vip_only' });
    const abandoned = data.passage.sentences[0].tokens.find((t) => t.text === 'abandoned');
    expect(abandoned).toMatchObject({ lemma: 'abandon', pos: 'VERB', is_word: true });
    expect(data.text.slice(abandoned?.start, abandoned?.end)).toBe('abandoned');
  });

  it('reads PNG and WebP whatever type the browser declared', async () => {
    const png = await renderPage({ paragraphs: [paragraphs[1]], size: 28, columnWidth: 900 });
    const asPng = await send(png.bytes, 'scan', 'application/octet-stream');
    expect(asPng.http).toBe(200);
    expect(asPng.body.data.text).toBe(png.text);
    expect(asPng.body.data.passage.marks_included).toBe(false);
    const webp = await renderPage({ paragraphs: [paragraphs[1]], font: 'mono', size: 26, columnWidth: 1200, format: 'webp' });
    const asWebp = await send(webp.bytes, 'photo.png', 'image/png');
    expect(asWebp.http).toBe(200);
    expect(asWebp.body.data.text).toBe(webp.text);
  });

  it('counts each photo read against the free uses; a refused file costs none', async () => {
    const reader = bearer(await logInByEmail(upstream, 'photo-quota@example.com'));
    const photo = await renderPage({ paragraphs: [paragraphs[1]], size: 28, columnWidth: 900 });
    expect((await send('not an image', 'a.png', 'image/png', reader)).http).toBe(400);
    for (let i = 0; i < 2; i++) expect((await send(photo.bytes, 'p.png', 'image/png', reader)).body.status).toBe('OK');
    const refused = await send(photo.bytes, 'p.png', 'image/png', reader);
    expect(refused.http).toBe(200);
    expect(refused.body).toMatchObject({ status: 'login_user_free_num_limit', description: '今日免费次数已用完' });
    const left = await upstream.request('/api/get_remain_vip_num', { headers: reader });
    expect(left.body.data.remain).toMatchObject({ photo_text: 0, query_word: 2 });
  });

  it('refuses a photo over 8 MB with 413, and keeps nothing', async () => {
    const before = await countRows();
    const big = new Uint8Array(8 * 1024 * 1024 + 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const answer = await send(big, 'huge.png', 'image/png', learner);
    expect(answer.http).toBe(413);
    expect(answer.body.description).toMatch(/图片过大：最大 8 MB/);
    expect(await countRows()).toEqual(before);
  });

  it('refuses a photo of more than 12.5 megapixels with 413 before reading it, and counts no use', async () => {
    const reader = bearer(await logInByEmail(upstream, 'photo-pixels@example.com'));
    const canvas = createCanvas(4100, 3100);
    const g = canvas.getContext('2d');
    g.fillStyle = '#ffffff';
    g.fillRect(0, 0, canvas.width, canvas.height);
    const answer = await send(await canvas.encode('png'), 'large.png', 'image/png', reader);
    expect(answer.http).toBe(413);
    expect(answer.body).toEqual({ status: '413', description: '图片尺寸过大：最多 1250 万像素，请缩小后再试' });
    expect((await upstream.request('/api/get_remain_vip_num', { headers: reader })).body.data.remain.photo_text).toBe(2);
  });

  it('reads a photo larger than the screen sends, then lets its worker go with the memory it grew', async () => {
    const page = await renderPage({ paragraphs: [paragraphs[1]], size: 28, columnWidth: 900 });
    // The page photographed closer: 3,200 × 2,000 pixels, more than the screen's 2,400 on a side.
    const canvas = createCanvas(3200, 2000);
    const g = canvas.getContext('2d');
    g.fillStyle = '#ffffff';
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.drawImage(await loadImage(page.bytes), 0, 0, page.width * 2.5, page.height * 2.5);
    const workersStarted = () => upstream.logs.filter((line) => /^ocr: worker \d+ ready/.test(line)).length;
    const before = workersStarted();
    const large = await send(await canvas.encode('png'), 'close-up.png', 'image/png');
    expect(large.http).toBe(200);
    expect(large.body.data).toMatchObject({ text: page.text, width: 3200, height: 2000 });
    expect(upstream.logs).toContain('ocr: worker let go after a 6.4-megapixel image');
    // The next photo is read by the fresh worker started in its place.
    expect((await send(page.bytes, 'page.png', 'image/png')).body.data.text).toBe(page.text);
    expect(workersStarted()).toBe(before + 1);
  });

  it('refuses a file that is not an image, by its bytes, not its name', async () => {
    const answer = await send('The committee abandoned the proposal.', 'photo.jpg', 'image/jpeg');
    expect(answer.http).toBe(400);
    expect(answer.body.description).toBe('不支持的文件类型：请上传 PNG、JPEG、WebP、BMP 格式的图片');
    const pdf = await send('%PDF-1.7\n', 'scan.png', 'image/png');
    expect(pdf.http).toBe(400);
    expect(pdf.body.description).toMatch(/不支持的文件类型/);
  });

  it('refuses a damaged PNG: a cut-off file, and one whose data is garbage', async () => {
    const photo = await renderPage({ paragraphs: [paragraphs[0]], size: 24, columnWidth: 600 });
    const cut = await send(photo.bytes.subarray(0, 120), 'cut.png', 'image/png');
    expect(cut.http).toBe(400);
    expect(cut.body.description).toBe('图片已损坏或格式不正确，无法读取');
    const garbage = Uint8Array.from(photo.bytes);
    for (let i = 60; i < garbage.length; i++) garbage[i] = (i * 7) & 255;
    const spoilt = await send(garbage, 'spoilt.png', 'image/png');
    expect(spoilt.http).toBe(400);
    expect(spoilt.body.description).toBe('图片已损坏或格式不正确，无法读取');
    // Only the header: too short to say how large it is.
    const header = await send(photo.bytes.subarray(0, 12), 'header.png', 'image/png');
    expect(header.http).toBe(400);
    expect(header.body.description).toBe('图片已损坏或格式不正确，无法读取');
  });

  it('says so when the photo has no text, and refuses an empty upload or none', async () => {
    const blank = await renderPage({ paragraphs: [], size: 30, columnWidth: 500, noise: 0.01 });
    const none = await send(blank.bytes, 'wall.png', 'image/png');
    expect(none.http).toBe(400);
    expect(none.body.description).toMatch(/没有在图片中识别到英文文字/);
    const empty = await send(new Uint8Array(0), 'empty.png', 'image/png');
    expect(empty.http).toBe(400);
    expect(empty.body.description).toMatch(/图片是空的/);
    const missing = await upstream.request('/api/parse_image', { method: 'POST', body: new FormData() });
    expect(missing.http).toBe(400);
    expect(missing.body.description).toMatch(/请选择要识别的图片/);
  });
});
