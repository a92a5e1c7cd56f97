import type { Metadata } from 'next';
import { ContextualDictScreen } from '@/components/dictionary/contextual-dict-screen';
import { TrialNotice } from '@/components/membership/trial-notice';
import { FREE_TRIAL_SAMPLE } from '@/components/dictionary/free-trial-sample';

export const metadata: Metadata = {
  title: '免费试用语境词典',
  description: '不用注册，点击示例短文中的任意单词，体验语境词典：同一个词在不同句子里给出不同的释义。',
  alternates: { canonical: '/UseForFreeDict' },
};

export default async function UseForFreeDictPage() {
  return (
    <ContextualDictScreen
      from="UseForFreeDict"
      title="免费试用语境词典"
      intro="点击下面短文中的任意单词试试：bank、leaves、ran 在不同句子里意思不同。也可以点击“编辑文本”换成你自己的英文。"
      initialText={FREE_TRIAL_SAMPLE}
      sample
      notice={<TrialNotice feature="query_word" />}
    />
  );
}
