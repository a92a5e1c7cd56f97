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
