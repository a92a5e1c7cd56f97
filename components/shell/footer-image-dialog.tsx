'use client';

import * as Dialog from '@radix-ui/react-dialog';

interface FooterImageDialogProps {
  /** The footer item and the dialog's title. */
  label: string;
  caption: string;
  imageUrl: string;
  testId: string;
  className?: string;
}

/** A footer item that shows an operator-configured image (a QR code) in a dialog. */
export function FooterImageDialog({ label, caption, imageUrl, testId, className }: FooterImageDialogProps) {
  return (
    <Dialog.Root>
      <Dialog.Trigger type="button" data-testid={testId} className={className}>
        {label}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          data-testid={`${testId}-dialog`}
          className="fixed left-1/2 top-1/2 z-50 w-[min(20rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 text-center text-ink shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold">{label}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-ink-soft">{caption}</Dialog.Description>
          {/* Any configured URL, local or remote: next/image would need each host allow-listed. */}
          <img src={imageUrl} alt={`${label}二维码`} className="mx-auto mt-4 aspect-square w-56 object-contain" />
          <Dialog.Close
            aria-label="关闭"
            className="absolute right-3 top-3 grid size-8 place-items-center rounded-full text-xl leading-none text-ink-mute hover:bg-slate-100 hover:text-ink"
          >
            <span aria-hidden>×</span>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
