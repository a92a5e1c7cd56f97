import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PdfExportScreen } from '@/components/word-lists/pdf-export-screen';

export const metadata: Metadata = {
  title: '导出 PDF',
  robots: { index: false },
};

// The chosen list is read from the URL on the client (useSearchParams), hence the boundary.
export default function PdfPage() {
  return (
    <Suspense>
      <PdfExportScreen />
    </Suspense>
  );
}
