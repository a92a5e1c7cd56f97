/**
 * `Content-Disposition` for a download whose name is Chinese: an ASCII `filename` for old
 * clients and the real name as RFC 5987 `filename*` (UTF-8, percent-encoded), which every
 * current browser prefers.
 */
export function attachmentDisposition(fileName: string, asciiFallback: string): string {
  const ascii = asciiFallback.replace(/[^\x20-\x7e]|["\\]/g, '_');
  // encodeURIComponent leaves ' ( ) * ! unescaped; RFC 5987's attr-char does not allow the first four.
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
