import type { Metadata } from 'next';
import { ExpertInstructionScreen } from '@/components/expert-instructions/expert-instruction-screen';

export const metadata: Metadata = {
  title: '专家指令',
  description: '老师和运营写给语言模型的讲解、答疑和写作批改要求，按版本记录。',
  robots: { index: false },
};

export default function ExpertInstructionPage() {
  return <ExpertInstructionScreen />;
}
