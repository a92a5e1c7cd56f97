import { renderPage } from '../tests/support/page-image';
import { expect, test as base } from './fixtures';
import { PhotoTextPicker } from './pages/photo-text-page';
import { seriousViolations } from './support/axe';
import { widths } from './support/outbox';
import { freshClientAddress } from './support/visitors';

// A learner photographs a page of printed English (made here from known text), corrects the
// recognised text in the editor and reads it as clickable words; bad uploads get clear errors.

const test = base.extend<{ photo: PhotoTextPicker }>({
  photo: async ({ page }, use) => use(new PhotoTextPicker(page)),
});

const paragraphs = [
  'The committee abandoned the ambiguous proposal after a long debate about the future of the old library.',
  'Children painted pictures of the building for the window of the bakery.',
];

for (const [name, viewport] of [
  ['desktop', widths.desktop],
  ['phone', widths.phone],
] as const) {
  const narrow = viewport.width < 768;

  test.describe(`photo to text (${name})`, () => {
    test.use({ viewport });
    // The first photo starts the reader's worker and the first lookup opens the dictionary.
    test.setTimeout(90_000);

    test('a photo of printed English becomes text to check, then clickable words with their senses', async ({
      page,
      learner,
      dict,
      panel,
      photo,
    }) => {
      const shot = await renderPage({ paragraphs, font: 'serif', size: 32, columnWidth: 900, rotation: 0.5, format: 'jpeg' });
      await dict.open();
      if (await dict.editButton().isVisible()) await dict.editButton().click();
      await dict.input().fill('');
      // On a phone the camera is offered beside the gallery; on a desktop, choosing a file.
      await expect(photo.cameraButton()).toBeVisible({ visible: narrow });
      await expect(page.getByTestId('photo-camera-input')).toHaveAttribute('capture', 'environment');
      await expect(page.getByTestId('photo-input')).toHaveAttribute('accept', 'image/*');

      const answered = page.waitForResponse((r) => r.url().endsWith('/api/parse_image'));
      await photo.choose(
        { name: 'page.jpg', mimeType: 'image/jpeg', buffer: shot.bytes },
        narrow ? photo.cameraButton() : photo.chooseButton(),
      );
      await expect(photo.progress()).toBeVisible();
      expect((await answered).status()).toBe(200);
      await photo.expectRead();
      await expect(photo.done()).toContainText('请核对');
      await expect(dict.input()).toHaveValue(shot.text);
      await expect(dict.input()).toBeFocused();

      // The learner corrects the text, then reads it.
      await dict.input().fill(`${shot.text} They were proud.`);
      await dict.readButton().click();
      await expect(dict.text()).toContainText('the ambiguous proposal');
      await dict.word('ambiguous').click();
      await panel.expectLoaded('ambiguous');
      await expect(panel.firstGloss()).toContainText(/[\u4e00-\u9fff]/);
      await page.keyboard.press('Escape');
      await panel.expectClosed();

      // Back to the editor: a second photo goes after the text already there.
      await dict.editButton().click();
      await photo.choose({
        name: 'more.png',
        mimeType: 'image/png',
        buffer: (await renderPage({ paragraphs: ['The library opened again in May.'], size: 32, columnWidth: 900 })).bytes,
      });
      await photo.expectRead();
      await expect(photo.done()).toContainText('接在原有文字之后');
      await expect(dict.input()).toHaveValue(`${shot.text} They were proud.\n\nThe library opened again in May.`);
    });

    test('bad uploads get clear errors: not an image, a damaged photo, keyboard all the way', async ({ page, dict, photo }) => {
      await dict.open();
      if (await dict.editButton().isVisible()) await dict.editButton().click();
      await dict.input().fill('My own text stays.');

      await photo.choose({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('These are notes, not a photo.') });
      await expect(photo.error()).toHaveText(/不支持的文件类型：请上传 PNG、JPEG、WebP、BMP 格式的图片/);
      await expect(dict.input()).toHaveValue('My own text stays.');

      const good = await renderPage({ paragraphs: ['A damaged photo cannot be read.'], size: 28, columnWidth: 700 });
      const damaged = Buffer.from(good.bytes);
      for (let i = 60; i < damaged.length; i++) damaged[i] = (i * 7) & 255;
      // From the keyboard: the error is dismissed, the button reached with Tab and pressed with Enter.
      await dict.input().focus();
      await page.keyboard.press('Shift+Tab');
      await expect(photo.error().getByRole('button', { name: '知道了' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(photo.error()).toHaveCount(0);
      await dict.input().focus();
      const chooser = page.waitForEvent('filechooser');
      await page.keyboard.press('Shift+Tab');
      await expect(photo.chooseButton()).toBeFocused();
      await page.keyboard.press('Enter');
      await (await chooser).setFiles({ name: 'damaged.png', mimeType: 'image/png', buffer: damaged });
      await expect(photo.error()).toHaveText(/图片已损坏或格式不正确，无法读取/);
      expect(await seriousViolations(page, 'photo to text', '[data-testid="photo-text"]')).toEqual([]);
      await page.getByRole('button', { name: '知道了' }).click();
      await expect(photo.error()).toHaveCount(0);
      await expect(dict.input()).toHaveValue('My own text stays.');
    });
  });
}

test.describe('photo to text past the free uses (desktop)', () => {
  test.use({ viewport: widths.desktop, extraHTTPHeaders: { 'x-forwarded-for': freshClientAddress() } });
  test.setTimeout(90_000);

  test('each photo read is a free use; past them the visitor is asked to log in', async ({ page, dict, photo }) => {
    const shot = await renderPage({ paragraphs: ['The river was calm.'], size: 28, columnWidth: 600 });
    // The e2e server's 5 free uses a day for a visitor, spent as the picker spends them.
    for (let i = 0; i < 5; i++) {
      const answer = await page.request.post('/api/parse_image', {
        multipart: { file: { name: 'river.png', mimeType: 'image/png', buffer: Buffer.from(shot.bytes) } },
      });
      expect((await answer.json()).status).toBe('OK');
    }
    await dict.open();
    if (await dict.editButton().isVisible()) await dict.editButton().click();
    await dict.input().fill('My own text stays.');
    await photo.choose({ name: 'river.png', mimeType: 'image/png', buffer: Buffer.from(shot.bytes) });
    await expect(page).toHaveURL(/\/Login\?reason=quota/, { timeout: 15_000 });
    const back = (await page.context().cookies()).find((c) => c.name === 'yj_back');
    expect(decodeURIComponent(back?.value ?? '')).toContain('/ContextualDict');
  });
});
