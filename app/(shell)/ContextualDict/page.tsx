import type { Metadata } from 'next';
import { ContextualDictScreen } from '@/components/dictionary/contextual-dict-screen';

const description = '粘贴或输入英文，点击任意单词，得到最贴合这句话的释义，附英美发音、构词、同义词、词形变化和例句。';

export const metadata: Metadata = {
  title: '语境词典',
  description,
  alternates: { canonical: '/ContextualDict' },
};

export default async function ContextualDictPage() {
  return <ContextualDictScreen from="ContextualDict" title="语境词典" intro={description} />;
}
