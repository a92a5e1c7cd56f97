'use client';

import { Overlay } from '@/components/ui/overlay';

/** The dialog of a footer item: the operator's image (a QR code) with its caption. */
export function FooterImagePanel({
  label,
  caption,
  imageUrl,
  testId,
  open,
  onOpenChange,
}: {
  label: string;
  caption: string;
  imageUrl: string;
  testId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Overlay
      open={open}
      onOpenChange={onOpenChange}
      layout="dialog"
      size="xs"
      title={label}
      description={caption}
      testId={`${testId}-dialog`}
    >
      {/* Any configured URL, local or remote: next/image would need each host allow-listed. */}
      <img src={imageUrl} alt={`${label}二维码`} className="mx-auto mt-2 aspect-square w-56 object-contain" />
    </Overlay>
  );
}
