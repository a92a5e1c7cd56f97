import type { Metadata } from 'next';

export const metadata: Metadata = {
  alternates: { canonical: '/' },
};

export default function PortalPage() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 md:py-24">
      <h1 className="text-3xl font-semibold tracking-tight md:text-4xl">在语境中读懂英语</h1>
      <p className="mt-4 text-lg leading-relaxed text-ink-soft">
        点击句子中的任何单词，得到最贴合这句话的释义，以及英美发音、构词、同义词和例句；把句子拆成成分，向 AI 老师提问。
      </p>
    </section>
  );
}
