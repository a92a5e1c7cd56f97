import type { Metadata } from 'next';
import { AssessmentScreen } from '@/components/assessment/assessment-screen';

export const metadata: Metadata = {
  title: '词汇量测试',
  description: '3 分钟自适应词汇量测试：估算你的英语词汇量和达到的考试水平（中考、高考、四六级、考研、雅思），并推荐词书。',
};

export default function AssessmentPage() {
  return <AssessmentScreen />;
}
