import type { Users } from '../account/users';
import type { LexicalData } from '../dictionary/engine';
import { freeUseContext, type UsageLedger } from '../metering/usage-ledger';
import type { CallHandlers } from '../platform/contract-routes';
import { ok, UpstreamError } from '../platform/http';
import { type CallerPassageDeps, passageForCaller } from '../passage/caller-passage';
import { checkImage, imageErrors } from './image-file';
import { OcrBusyError, OcrImageError, type OcrPool } from './ocr';
import { cleanOcrPage } from './ocr-text';

/*
 * parse_image: photo to text. The photo is checked by its own bytes (size, kind, pixels), read by
 * the OCR pool, its text cleaned and parsed as a pasted passage is. It is read from memory and
 * dropped with the request: nothing of it is stored or logged.
 */

export interface PhotoTextHandlersDeps extends CallerPassageDeps {
  users: Pick<Users, 'userForToken' | 'isVip'>;
  ocrPool: OcrPool;
  /** The word data, for telling a word split at a line's end from a hyphenated compound. */
  lexicalData: () => LexicalData;
  /** Each photo read is one use of 'photo_text' (the entitlements table). */
  ledger: Pick<UsageLedger, 'metered'>;
}

const busy = (error: OcrBusyError) => new UpstreamError(503, '503', error.message, { 'retry-after': '5' });

export function photoTextHandlers({ ocrPool, lexicalData, ledger, ...passageDeps }: PhotoTextHandlersDeps): CallHandlers {
  const { users } = passageDeps;
  const isWord = (word: string) => {
    const data = lexicalData();
    return data.ecdict.get(word) !== undefined || data.lemmatizer.known(word) !== undefined;
  };

  return {
    parse_image: async ({ file }, caller) => {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const header = checkImage(bytes);
      // A photo the server can read is one use, counted before the OCR's seconds of work (a
      // refusal for a file that is not a readable image costs nothing) and given back when no
      // text comes of it (the reader busy, a damaged image, a photo without text).
      const user = await users.userForToken(caller.token);
      const { result: cleaned } = await ledger.metered(
        freeUseContext(caller, user, (u) => users.isVip(u)),
        'photo_text',
        async () => {
          let page: Awaited<ReturnType<OcrPool['recognize']>>;
          try {
            page = await ocrPool.recognize(bytes, header.width * header.height);
          } catch (error) {
            if (error instanceof OcrBusyError) throw busy(error);
            if (error instanceof OcrImageError) throw imageErrors.corrupt();
            throw error;
          }
          const text = cleanOcrPage(page, { isWord });
          if (text.words === 0 || text.text.trim() === '') throw imageErrors.noText();
          return text;
        },
      );
      const passage = await passageForCaller(passageDeps, cleaned.text, user);
      return ok({
        text: cleaned.text,
        confidence: cleaned.confidence,
        width: header.width,
        height: header.height,
        passage,
      });
    },
  };
}
