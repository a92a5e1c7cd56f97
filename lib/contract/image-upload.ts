/**
 * What parse_image takes (lib/contract/calls/photo-text.ts): kept apart from the call's schemas so that
 * the photo picker reads its limits without loading zod with the page.
 */
export const imageUpload = {
  maxBytes: 8 * 1024 * 1024,
  /** The kinds read, by MIME type, as the screen names them. */
  types: { 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'image/webp': 'WebP', 'image/bmp': 'BMP' } as Record<string, string>,
  /**
   * A photo larger than this many pixels is refused: a 12-megapixel phone photo (4,032 × 3,024)
   * goes, which is more than a page's text needs (the screen sends at most 2,400 pixels on the
   * long side). The recogniser's time and memory grow with the pixels (a 40-megapixel image, the
   * bound before, took seconds and some 600 MB while it was read), and nothing here can shrink
   * an image before it is read, so the bound is what keeps one upload's cost in check.
   */
  maxPixels: 12_500_000,
  accept: 'image/png,image/jpeg,image/webp,image/bmp',
} as const;

/** The size limit as the screens and errors say it ("8 MB"). */
export const imageUploadLimitText = `${Math.round(imageUpload.maxBytes / 1024 / 1024)} MB`;
