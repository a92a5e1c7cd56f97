/**
 * What parse_image takes (lib/contract/calls/tools.ts): kept apart from the call's schemas so that
 * the photo picker reads its limits without loading zod with the page.
 */
export const imageUpload = {
  maxBytes: 8 * 1024 * 1024,
  /** The kinds read, by MIME type, as the screen names them. */
  types: { 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'image/webp': 'WebP', 'image/bmp': 'BMP' } as Record<string, string>,
  /** A photo larger than this many pixels is refused (a 12-megapixel phone photo is 12,000,000). */
  maxPixels: 40_000_000,
  accept: 'image/png,image/jpeg,image/webp,image/bmp',
} as const;
