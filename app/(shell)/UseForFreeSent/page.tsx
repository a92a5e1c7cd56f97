import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ChatSentenceScreen } from '@/components/analysis/chat-sentence-screen';
import { FREE_TRIAL_SENTENCES } from '@/components/analysis/free-trial-sentences';
import { TrialNotice } from '@/components/membership/trial-notice';

export const metadata: Metadata = {
  title: '免费试用句子分析',
  description: '不用注册，分析一个示例句子：逐层的句子成分、语法点，还可以就任何部分提问。',
  alternates: { canonical: '/UseForFreeSent' },
};

export default function UseForFreeSentPage() {
  return (
    <Suspense>
      <ChatSentenceScreen
        from="UseForFreeSent"
        title="免费试用句子分析"
        intro="点一个示例句子，或换成你自己的英文句子，看看它是怎样一层层拆开的。"
        samples={FREE_TRIAL_SENTENCES}
        notice={<TrialNotice feature="analyze_sentence" />}
      />
    </Suspense>
  );
}
