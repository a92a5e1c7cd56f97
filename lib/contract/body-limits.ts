/**
 * The largest request bodies the product takes, read alike by the BFF (which refuses larger ones
 * before they reach the upstream) and the upstream (which refuses them from anyone else). A call's
 * JSON is a sentence, a passage of at most 20,000 characters or an essay; a multipart upload is a
 * book (10 MB) or a photo (8 MB), with room for the form around it.
 */
export const requestBodyLimits = {
  json: 1024 * 1024,
  multipart: 20 * 1024 * 1024,
  /**
   * Anything that is not a call of the contract: WeChat Pay's notification (about 1 KB of
   * encrypted JSON), the sandboxes' forms.
   */
  other: 64 * 1024,
} as const;

/** The limit for a call's body by its content type: multipart uploads, else JSON. */
export const callBodyLimit = (contentType: string | null | undefined): number =>
  contentType?.toLowerCase().startsWith('multipart/') ? requestBodyLimits.multipart : requestBodyLimits.json;

/**
 * How deeply a request's JSON may nest. No call of the contract goes past a few levels; parsing a
 * deeper document is cheap, but working through it again (JSON.stringify, a schema, any walk of
 * it) recurses, and thousands of levels overflow the stack.
 */
export const MAX_JSON_DEPTH = 32;

/** The deepest nesting of brackets and braces in a JSON text, strings skipped. */
export function jsonNesting(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}
