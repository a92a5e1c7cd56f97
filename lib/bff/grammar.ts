import 'server-only';
import type { GrammarCategory, GrammarObject } from '@/lib/contract/calls/analysis';
import { dataOf, readUpstream } from './reader';

/**
 * The grammar catalogue for /Grammar, grouped by category in the catalogue's own order. The
 * same for everybody, so kept in this process for a while.
 */
export async function grammarCatalogue(signal?: AbortSignal): Promise<GrammarCategory[]> {
  const points = await readUpstream(
    'get_grammar_objects',
    {},
    {
      signal,
      timeoutMs: 10_000,
      cache: { ttlMs: 10 * 60_000, failureTtlMs: 10_000 },
      reshape: (answer) => dataOf(answer).grammar_objects,
    },
  );
  return groupByCategory(points);
}

export function groupByCategory(points: readonly GrammarObject[]): GrammarCategory[] {
  const groups = new Map<string, GrammarObject[]>();
  for (const point of points) {
    const list = groups.get(point.category);
    if (list) list.push(point);
    else groups.set(point.category, [point]);
  }
  return [...groups].map(([name, list]) => ({ name, points: list }));
}
