import type { Metadata } from 'next';
import { GrammarCatalogueView, GrammarUnavailable } from '@/components/analysis/grammar-catalogue';
import { unlessUnavailable } from '@/lib/bff/errors';
import { grammarCatalogue } from '@/lib/bff/grammar';

const description = '中学到考研常考的英语语法点：时态、语态、各类从句、非谓语动词、特殊句式……每一个都有中文讲解和例句。';

export const metadata: Metadata = {
  title: '语法大全',
  description,
  alternates: { canonical: '/Grammar' },
};

export default async function GrammarPage() {
  const categories = await unlessUnavailable(grammarCatalogue());
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 md:py-10">
      <h1 className="text-2xl font-semibold md:text-3xl">语法大全</h1>
      <p className="mt-1 text-sm text-ink-soft md:text-base">{description}</p>
      <div className="mt-6">{categories ? <GrammarCatalogueView categories={categories} /> : <GrammarUnavailable />}</div>
    </div>
  );
}
