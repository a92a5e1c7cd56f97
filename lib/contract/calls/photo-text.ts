import { z } from 'zod';
import { def, num, obj, str } from '../define';
import { envelope } from '../envelope';
import { parsedPassage } from './passage';

/** Photo to text: the printed English in a photo, read on the server and parsed as a passage. */

/** What a photo for parse_image may be: its largest size, the image kinds read, its largest area. */
export { imageUpload } from '../image-upload';

// A form's file: what the browser attaches (a File) and what the upstream's form parser makes of it.
const uploadedImage = z.custom<File>((value) => typeof File !== 'undefined' && value instanceof File, '请选择要识别的图片');

/** What parse_image answers: the text read from the photo, cleaned, and that text parsed as parse_text would. */
export const photoText = obj({
  /** The recognised text: words split at line ends joined, lines unwrapped into paragraphs (blank line between). */
  text: str,
  /** The recogniser's mean confidence in the words kept, 0–100. */
  confidence: num,
  /** The photo's size in pixels. */
  width: num,
  height: num,
  /** The text parsed: offsets are into `text`. */
  passage: parsedPassage,
});
export type PhotoText = z.infer<typeof photoText>;

export const photoTextCalls = {
  /**
   * Photo to text: the printed English in a photo (PNG, JPEG, WebP or BMP, at most 8 MB), read by
   * OCR on the server, cleaned, and parsed as parse_text parses a passage (phrases for members,
   * marks for a logged-in learner). Nothing of the photo is kept. 413 for a photo too large, 400
   * for another kind of file, a damaged image or one without text, 503 when the reader is busy.
   */
  parse_image: def('parse_image', {
    kind: 'multipart',
    request: obj({ file: uploadedImage }),
    response: envelope(photoText),
  }),
} as const;
