'use client';

import { lazy, Suspense, useState } from 'react';

// The dialog (and the overlay frame under it) is fetched the first time the item is opened.
const loadPanel = () => import('./footer-image-panel').then((m) => ({ default: m.FooterImagePanel }));
const FooterImagePanel = lazy(loadPanel);

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
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <button
        type="button"
        data-testid={testId}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className={className}
      >
        {label}
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <FooterImagePanel
            label={label}
            caption={caption}
            imageUrl={imageUrl}
            testId={testId}
            open={open}
            onOpenChange={setOpen}
          />
        </Suspense>
      )}
    </>
  );
}
