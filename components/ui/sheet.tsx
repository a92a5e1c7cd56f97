'use client';

import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useReturnFocus } from './use-return-focus';

/**
 * The one modal frame of the shell: a centred dialog, or a drawer from the bottom (mobile) or the
 * left (menus). Radix handles focus trapping, focus return, Escape and page-scroll locking.
 */
export type SheetPlacement = 'center' | 'bottom' | 'left';

const placements: Record<SheetPlacement, string> = {
  center:
    'left-1/2 top-1/2 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl max-h-[calc(100vh-2rem)] overflow-y-auto',
  bottom: 'inset-x-0 bottom-0 max-h-[92vh] overflow-y-auto rounded-t-2xl',
  left: 'inset-y-0 left-0 w-[min(20rem,85vw)] overflow-y-auto',
};

export function Sheet({
  open,
  onOpenChange,
  title,
  description,
  placement = 'center',
  testId,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  placement?: SheetPlacement;
  testId?: string;
  children: ReactNode;
}) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          data-testid={testId}
          {...returnFocus}
          className={`fixed z-50 bg-white p-6 shadow-xl outline-none ${placements[placement]}`}
        >
          <div className="mb-4 flex items-start gap-4">
            <div className="flex-1">
              <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="mt-1 text-sm text-ink-soft">{description}</Dialog.Description>
              ) : (
                <Dialog.Description className="sr-only">{title}</Dialog.Description>
              )}
            </div>
            <DialogCloseButton />
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The × of every shell dialog and drawer, labelled 关闭. */
export function DialogCloseButton({ testId }: { testId?: string }) {
  return (
    <Dialog.Close
      data-testid={testId}
      aria-label="关闭"
      className="-mr-1 grid size-9 shrink-0 place-items-center rounded-full text-ink-mute hover:bg-slate-100 hover:text-ink"
    >
      <svg aria-hidden viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M5 5l10 10M15 5L5 15" />
      </svg>
    </Dialog.Close>
  );
}
