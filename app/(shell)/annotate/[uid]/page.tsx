import type { Metadata } from 'next';
import { AnnotateScreen } from '@/components/annotation/annotate-screen';

export const metadata: Metadata = {
  title: '词义标注',
  robots: { index: false },
};

export default async function AnnotatePage({ params }: { params: Promise<{ uid: string }> }) {
  const { uid } = await params;
  return <AnnotateScreen uid={uid} />;
}
