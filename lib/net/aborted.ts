/**
 * Whether an error only says that the client went away mid-request: Node's `Error: aborted`
 * (ECONNRESET) from a request body cut off, an abort of the request's own signal, a stream closed
 * early. Nobody is left to read an answer, and it is no fault to log. Errors of our own outgoing
 * connections (a mail server, the upstream) are not matched: they must be seen.
 */
export function isClientGone(error: unknown): boolean {
  const e = error as { name?: string; code?: string; message?: string } | null;
  if (!e || typeof e !== 'object') return false;
  return (
    e.name === 'AbortError' ||
    e.name === 'ResponseAborted' ||
    e.code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    (e.message === 'aborted' && e.code === 'ECONNRESET')
  );
}
