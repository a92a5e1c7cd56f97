import type { Metadata } from 'next';
import { Suspense } from 'react';
import { WriterScreen } from '@/components/writer/writer-screen';

export const metadata: Metadata = {
  title: '写作助手',
  description: '写或粘贴一篇英文作文、一封邮件，检查拼写、主谓一致、冠词和语法，看词汇水平。',
  alternates: { canonical: '/writer' },
};

// The open draft is read from the address on the client (useSearchParams), hence the boundary.
export default function WriterPage() {
  return (
    <Suspense>
      <WriterScreen />
    </Suspense>
  );
}
