import { openLexicalData } from '../dictionary/engine';
import type { PassageServices } from '../passage/module';
import type { Platform, UpstreamModule } from '../platform/module';
import { type PhotoTextHandlersDeps, photoTextHandlers } from './photo-text-calls';
import { createOcrPool, type OcrPool } from './ocr';

export interface PhotoTextServices {
  /** The OCR workers behind parse_image: made on the first photo, reused, ended when the upstream closes. */
  ocrPool: OcrPool;
}

/** Photo to text (parse_image): the photo read by OCR, its text cleaned and parsed as a passage. */
export const photoTextModule: UpstreamModule<
  Omit<PhotoTextHandlersDeps, keyof Platform | keyof PhotoTextServices | 'lexicalData'> & PassageServices,
  PhotoTextServices
> = {
  name: 'photo-text',
  services: {
    ocrPool: ({ log }) => createOcrPool({ log }),
  },
  calls: (deps) => photoTextHandlers({ ...deps, lexicalData: () => openLexicalData() }),
  start:
    ({ ocrPool }) =>
    () =>
      ocrPool.close(),
};
