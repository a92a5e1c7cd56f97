import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { articleHref, articlePages } from '@/lib/routes/article-routes';
import { JSON_BODY_LIMIT, readBody } from './body';
import { documentTag } from './document-tags';
import { BffError, errorResponse } from './errors';

/*
 * POST /api/revalidate_documents: the content import tells the site which documents changed, and
 * their reading pages' cached data expires at once. It is the site's own endpoint, not a call of
 * the upstream: it is open only when REVALIDATE_SECRET is set, and only to a caller presenting it
 * (`Authorization: Bearer <secret>`). Body: `{"filenames": ["carroll-alice", …]}`.
 */

const body = z.object({ filenames: z.array(z.string().min(1).max(200)).min(1).max(1000) });

export interface RevalidateDeps {
  /** REVALIDATE_SECRET; unset or empty: the endpoint does not exist (404). */
  secret: string | undefined;
  /** Expires one cache tag (next/cache's revalidateTag in the route). */
  expire: (tag: string) => void;
  /**
   * Expires one page of the full-route cache (revalidatePath): a name that answered 404 before its
   * document was imported is cached as that 404 and holds no document tag.
   */
  expirePage: (path: string) => void;
}

// Hashing first makes the comparison constant-time whatever the lengths.
const digest = (s: string) => createHash('sha256').update(s).digest();

export async function handleRevalidate(request: Request, { secret, expire, expirePage }: RevalidateDeps): Promise<Response> {
  if (!secret) return Response.json({ status: '404', description: '访问资源不存在' }, { status: 404 });
  const given = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
  if (!timingSafeEqual(digest(given), digest(secret))) {
    return Response.json({ status: '401', description: '未授权' }, { status: 401 });
  }
  let parsed: z.infer<typeof body>;
  try {
    parsed = body.parse(JSON.parse((await readBody(request, JSON_BODY_LIMIT)).toString('utf8')));
  } catch (error) {
    if (error instanceof BffError) return errorResponse(error);
    return Response.json({ status: '400', description: '请求参数错误' }, { status: 400 });
  }
  const filenames = [...new Set(parsed.filenames)];
  for (const filename of filenames) {
    expire(documentTag(filename));
    for (const page of articlePages) expirePage(articleHref({ page, filename }));
  }
  return Response.json({ status: 'OK', data: { revalidated: filenames.length } });
}
