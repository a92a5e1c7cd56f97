'use client';

import { useQuery } from '@/lib/client/query';
import { callData } from '@/lib/client/api';
import type { LookupEntry, WordListEntry } from '@/lib/contract';
// The word-list screens' query keys, so that their changes refresh this corner too. Their module
// fetches the API core as it loads, which this code, loaded only to call the API, wants as well.
import { lookupsKey, wordListsKey } from '@/lib/client/word-lists/queries';
import { lookupsPanel, PortalLearnerFrame, PortalPanel, wordsPanel } from './portal-learner-frame';

const portalShown = 5;

/** A logged-in learner's latest lookups and words of their word book (loaded by ./portal-learner.tsx). */
export function PortalLearnerLists({ account }: { account: string }) {
  const lookups = useQuery({
    queryKey: [...lookupsKey(account), 'portal'],
    queryFn: ({ signal }): Promise<{ total: number; items: LookupEntry[] }> =>
      callData('query_text_history', { page: 1, page_size: portalShown }, signal),
  });
  const words = useQuery({
    queryKey: [...wordListsKey(account), 'portal'],
    queryFn: ({ signal }): Promise<{ total: number; items: WordListEntry[] }> =>
      callData('query_history', { page: 1, page_size: portalShown }, signal),
  });
  return (
    <PortalLearnerFrame>
      <PortalPanel {...lookupsPanel} state={lookups}>
        {(lookups.data?.items ?? []).slice(0, portalShown).map((entry) => (
          <li key={entry.id} className="truncate text-sm">
            <span lang="en" className="font-medium">
              {entry.target_word}
            </span>
          </li>
        ))}
      </PortalPanel>
      <PortalPanel {...wordsPanel} state={words}>
        {(words.data?.items ?? []).slice(0, portalShown).map((entry) => (
          <li key={`${entry.word}-${entry.from}`} className="flex justify-between gap-2 text-sm">
            <span lang="en" className="font-medium">
              {entry.word}
            </span>
            <span className="text-xs text-ink-mute">{entry.strange === 1 ? '生词' : entry.strange === 0 ? '熟词' : ''}</span>
          </li>
        ))}
      </PortalPanel>
    </PortalLearnerFrame>
  );
}
