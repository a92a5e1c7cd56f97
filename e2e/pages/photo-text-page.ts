import { expect, type Page } from '@playwright/test';

/** Photo to text on the contextual dictionary's editor (components/photo-text/photo-text-picker.tsx). */
export class PhotoTextPicker {
  constructor(readonly page: Page) {}

  root = () => this.page.getByTestId('photo-text');
  cameraButton = () => this.page.getByTestId('photo-camera');
  chooseButton = () => this.page.getByTestId('photo-choose');
  progress = () => this.page.getByTestId('photo-progress');
  done = () => this.page.getByTestId('photo-done');
  error = () => this.page.getByTestId('photo-error');

  /** Chooses a photo through the button a person presses (the file chooser it opens). */
  async choose(file: { name: string; mimeType: string; buffer: Buffer }, button = this.chooseButton()) {
    const chooser = this.page.waitForEvent('filechooser');
    await button.click();
    await (await chooser).setFiles(file);
  }

  async expectRead() {
    await expect(this.done()).toBeVisible({ timeout: 30_000 });
    await expect(this.error()).toHaveCount(0);
  }
}
