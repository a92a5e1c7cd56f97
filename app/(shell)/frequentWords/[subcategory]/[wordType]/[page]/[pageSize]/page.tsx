import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { FrequentWordsPage } from '@/components/courses/frequent-words';
import { frequentWords } from '@/lib/bff/course-books';
import { unlessUnavailable } from '@/lib/bff/errors';
import { courseBookLabels } from '@/lib/contract/categories';
import { frequentWordsHref, frequentWordTypeLabels, parseFrequentWordsAddress } from '@/lib/routes/course-links';

interface Props {
  params: Promise<{ subcategory: string; wordType: string; page: string; pageSize: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const address = parseFrequentWordsAddress(await params);
  if (!address) return {};
  const label = courseBookLabels[address.subcategory];
  const kind = address.wordType === 'word' ? '' : frequentWordTypeLabels[address.wordType];
  const title = `${label}高频${kind || '词汇'}${address.page > 1 ? `（第 ${address.page} 页）` : ''}`;
  const description = `${label}英语高频${kind || '词汇'}表：按真题或考纲中的出现次数排序，附音标、释义和出现次数。`;
  const canonical = frequentWordsHref(address);
  return {
    title,
    description,
    alternates: { canonical },
    openGraph: { title, description, url: canonical, type: 'website', locale: 'zh_CN', siteName: '语境' },
  };
}

/** /frequentWords/{subcategory}/{wordType}/{page}/{pageSize} (spec section 2): server-rendered and indexable. */
export default async function FrequentWordsRoute({ params }: Props) {
  const address = parseFrequentWordsAddress(await params);
  if (!address) notFound();
  return <FrequentWordsPage address={address} data={await unlessUnavailable(frequentWords(address))} />;
}
