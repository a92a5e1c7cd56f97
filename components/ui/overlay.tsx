'use client';

import * as Dialog from '@radix-ui/react-dialog';
import * as Popover from '@radix-ui/react-popover';
import {
  createContext,
  useContext,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ComponentPropsWithoutRef,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import type { OverlayAnchor } from '@/lib/client/overlays';
import { useIsNarrowScreen } from '@/lib/client/screen';
import { useReturnFocus } from './use-return-focus';
import { CloseIcon } from './icons';

/**
 * The one overlay frame of the product: a centred dialog or a popover anchored beside an element
 * (or a point) on screens 768 px and wider, a bottom sheet (or a side drawer) below. Every shell
 * overlay is built on it: the word panel, settings, the login and quota dialogs, the part-of-speech
 * drawer, the menus.
 *
 * In every layout: focus moves in when it opens, stays in while it is open (Tab and Shift+Tab
 * cycle), and goes back to what had it when it closes; Escape closes it. The dialog, sheet and
 * side layouts are modal (Radix Dialog): the page behind is inert and does not scroll (spec
 * section 4: drawers lock page scrolling). The popover is not: the page still scrolls and the
 * popover follows its anchor, flipping to stay on screen; a click elsewhere closes it. It keeps
 * clear of the page's sticky header (marked `data-overlay-clear`): placed below or above its
 * anchor in the screen under that header, and where neither side has room for it, as tall as the
 * roomier side allows, scrolling inside.
 *
 *     <Overlay open={open} onOpenChange={setOpen} layout={{ wide: 'popover', narrow: 'sheet' }} anchor={word}>
 *       <OverlayHeader>…<OverlayTitle>bank</OverlayTitle>…<OverlayClose /></OverlayHeader>
 *       <OverlayBody>…</OverlayBody>
 *     </Overlay>
 *
 * or, for a plain titled dialog, `<Overlay open onOpenChange title="…" description="…">body</Overlay>`.
 */
export type OverlayLayout = 'dialog' | 'popover' | 'sheet' | 'side';

export interface ResponsiveLayout {
  /** 768 px and wider: a centred dialog, or a popover beside `anchor` (a dialog when there is none). */
  wide: 'dialog' | 'popover';
  /** Narrower: a bottom sheet, a centred dialog, or a drawer from the left. */
  narrow: 'sheet' | 'dialog' | 'side';
}

export interface OverlayProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** One layout everywhere, or one per screen width. Default: a dialog, a sheet on phones. */
  layout?: OverlayLayout | ResponsiveLayout;
  /** What a popover sits beside. */
  anchor?: OverlayAnchor;
  /** Dialog and popover width (xs: a menu; fit: a popover as wide as its content). */
  size?: 'fit' | 'xs' | 'sm' | 'md' | 'lg';
  /** A sheet as tall as its content (at most 85 % of the screen), or the whole screen. */
  sheetHeight?: 'auto' | 'full';
  /** `data-layout` values, where a screen's tests know the layouts by other names. */
  layoutNames?: Partial<Record<OverlayLayout, string>>;
  testId?: string;
  /** The standard header (title, description, ×) is drawn from these; leave out to compose your own. */
  title?: string;
  description?: string;
  /** The accessible name when nothing is titled (menus). */
  label?: string;
  /** Keep Tab inside (default). Menus let it move on, and close when focus leaves. */
  trapFocus?: boolean;
  className?: string;
  children: ReactNode;
}

const widths = { fit: 'max-w-xs', xs: 'max-w-xs', sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-xl' } as const;
const popoverWidths = {
  fit: '',
  xs: 'w-52',
  sm: 'w-[min(20rem,calc(100vw-2rem))]',
  md: 'w-[min(24rem,calc(100vw-2rem))]',
  lg: 'w-[min(28rem,calc(100vw-2rem))]',
} as const;

const frame = 'flex flex-col overflow-hidden bg-white text-ink shadow-2xl outline-none motion-reduce:transition-none';
const modalFrames = {
  dialog:
    'fixed left-1/2 top-1/2 z-50 max-h-[min(85vh,48rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl transition duration-150 starting:scale-95 starting:opacity-0',
  sheet:
    'fixed inset-x-0 bottom-0 z-50 rounded-t-2xl pb-[env(safe-area-inset-bottom)] transition-transform duration-300 ease-out starting:translate-y-full',
  side: 'fixed inset-y-0 left-0 z-50 w-[min(20rem,85vw)] transition-transform duration-200 ease-out starting:-translate-x-full',
} as const;

interface OverlayContextValue {
  kind: 'dialog' | 'popover';
  layout: OverlayLayout;
  titleId: string;
  descriptionId: string;
  setDescribed: (described: boolean) => void;
}
const OverlayContext = createContext<OverlayContextValue | null>(null);

function useOverlayContext(part: string): OverlayContextValue {
  const context = useContext(OverlayContext);
  if (!context) throw new Error(`${part} must be inside an <Overlay>`);
  return context;
}

/** The layout in force now: the screen's width picks it, and a popover needs an anchor. */
export function useOverlayLayout(
  layout: OverlayProps['layout'] = { wide: 'dialog', narrow: 'sheet' },
  anchor?: OverlayAnchor,
): OverlayLayout {
  const narrow = useIsNarrowScreen();
  const chosen = typeof layout === 'string' ? layout : narrow ? layout.narrow : layout.wide;
  return chosen === 'popover' && !anchor ? 'dialog' : chosen;
}

export function Overlay({
  open,
  onOpenChange,
  layout: layoutSpec,
  anchor,
  size = 'md',
  sheetHeight = 'auto',
  layoutNames,
  testId,
  title,
  description,
  label,
  trapFocus = true,
  className = '',
  children,
}: OverlayProps) {
  const layout = useOverlayLayout(layoutSpec, anchor);
  const titleId = useId();
  const descriptionId = useId();
  const [described, setDescribed] = useState(false);
  const returnFocus = useReturnFocus();
  const kind: OverlayContextValue['kind'] = layout === 'popover' ? 'popover' : 'dialog';
  const clearTop = useClearTop(open && kind === 'popover');
  const context = useMemo(() => ({ kind, layout, titleId, descriptionId, setDescribed }), [kind, layout, titleId, descriptionId]);

  const body = (
    <OverlayContext.Provider value={context}>
      {title !== undefined ? (
        <>
          <OverlayHeader>
            <div className="min-w-0 flex-1">
              <OverlayTitle className="text-lg font-semibold">{title}</OverlayTitle>
              {description && <OverlayDescription className="mt-1 text-sm text-ink-soft">{description}</OverlayDescription>}
            </div>
            <OverlayClose />
          </OverlayHeader>
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 pb-5">{children}</div>
        </>
      ) : (
        children
      )}
    </OverlayContext.Provider>
  );
  const common = {
    'data-testid': testId,
    'data-layout': layoutNames?.[layout] ?? layout,
    'aria-label': label,
    // Radix names the dialog after its Title; a labelled one (a menu) has no title to name it.
    'aria-labelledby': label ? undefined : titleId,
    'aria-describedby': described ? descriptionId : undefined,
  };

  if (kind === 'popover') {
    return (
      <Popover.Root open={open} onOpenChange={onOpenChange}>
        <AnchorAt anchor={anchor!} />
        <Popover.Portal>
          <Popover.Content
            {...common}
            {...returnFocus.contentProps}
            onPointerDownOutside={(event) => !isOnAnchor(anchor, event) && returnFocus.onPointerDownOutside()}
            // The anchor is not "elsewhere": its own click decides (toggles, or looks up again).
            onInteractOutside={(event) => isOnAnchor(anchor, event) && event.preventDefault()}
            onKeyDown={trapFocus ? keepTabInside : undefined}
            side="bottom"
            align="center"
            sideOffset={8}
            collisionPadding={{ top: clearTop + 12, right: 12, bottom: 12, left: 12 }}
            className={`z-50 ${frame} ${popoverWidths[size]} max-h-[min(var(--radix-popover-content-available-height),36rem)] rounded-2xl border border-slate-200 transition duration-150 starting:opacity-0 ${className}`}
          >
            {body}
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    );
  }

  const frameClass =
    layout === 'dialog'
      ? `${modalFrames.dialog} ${widths[size]}`
      : layout === 'sheet'
        ? `${modalFrames.sheet} ${sheetHeight === 'full' ? 'top-0 rounded-t-none' : 'max-h-[85vh]'}`
        : modalFrames.side;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40 transition-opacity duration-150 starting:opacity-0 motion-reduce:transition-none" />
        <Dialog.Content {...common} {...returnFocus.contentProps} className={`${frame} ${frameClass} ${className}`}>
          {layout === 'sheet' && sheetHeight === 'auto' && (
            <div aria-hidden className="mx-auto mt-2 h-1 w-10 shrink-0 rounded-full bg-slate-300" />
          )}
          {body}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * How far down the screen a popover must stay: the bottom of the page's sticky header (the site
 * header, 60 px, or none inside the native app), measured while the popover is open, since a
 * popover above a word low on the screen would otherwise open over the menus.
 */
function useClearTop(active: boolean): number {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    if (!active) return;
    const measure = () => {
      const bottoms = [...document.querySelectorAll('[data-overlay-clear]')].map((el) => el.getBoundingClientRect().bottom);
      setTop(Math.max(0, ...bottoms));
    };
    measure();
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, { passive: true });
    return () => {
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure);
    };
  }, [active]);
  return top;
}

/**
 * Anchors the popover to an element or a point. The virtual element is kept per anchor (Radix
 * takes a new one as a new anchor); it measures the element afresh each time, so the popover
 * follows it as the page scrolls, and keeps the last place if the element leaves the page.
 */
function AnchorAt({ anchor }: { anchor: OverlayAnchor }) {
  const virtual = useMemo(() => {
    if (!(anchor instanceof Element)) {
      const rect = DOMRect.fromRect({ x: anchor.x, y: anchor.y, width: anchor.width ?? 0, height: anchor.height ?? 0 });
      return { getBoundingClientRect: () => rect };
    }
    let last = anchor.getBoundingClientRect();
    return {
      getBoundingClientRect: () => (anchor.isConnected ? (last = anchor.getBoundingClientRect()) : last),
      // Lets the positioning follow the scrolling containers around the element.
      contextElement: anchor,
    };
  }, [anchor]);
  const ref = useRef(virtual);
  ref.current = virtual;
  return <Popover.Anchor virtualRef={ref} />;
}

const isOnAnchor = (anchor: OverlayAnchor | undefined, event: Event) =>
  anchor instanceof Element && event.target instanceof Node && anchor.contains(event.target);

const tabbable =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A popover is not modal, so Radix does not trap focus in it; this keeps Tab and Shift+Tab
 * cycling inside. Keys from a nested layer (a popover inside this one) are left to that layer.
 */
function keepTabInside(event: KeyboardEvent<HTMLElement>) {
  const container = event.currentTarget;
  if (event.key !== 'Tab' || event.defaultPrevented || !container.contains(document.activeElement)) return;
  const items = [...container.querySelectorAll<HTMLElement>(tabbable)].filter(
    (el) => el.offsetParent !== null || el === document.activeElement,
  );
  if (items.length === 0) {
    event.preventDefault();
    return;
  }
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === container)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/** A row at the top: the title block and the ×. */
export function OverlayHeader({ className = '', children }: { className?: string; children: ReactNode }) {
  return <div className={`flex shrink-0 items-start gap-3 px-5 pb-3 pt-4 ${className}`}>{children}</div>;
}

/** What the overlay is about; it names the overlay for screen readers. */
export function OverlayTitle({ className = '', ...props }: ComponentPropsWithoutRef<'h2'>) {
  const { kind, titleId } = useOverlayContext('OverlayTitle');
  if (kind === 'dialog') return <Dialog.Title id={titleId} className={className} {...props} />;
  return <h2 id={titleId} className={className} {...props} />;
}

/** A line under the title; it describes the overlay for screen readers. */
export function OverlayDescription({ className = '', ...props }: ComponentPropsWithoutRef<'p'>) {
  const { kind, descriptionId, setDescribed } = useOverlayContext('OverlayDescription');
  useLayoutEffect(() => {
    setDescribed(true);
    return () => setDescribed(false);
  }, [setDescribed]);
  if (kind === 'dialog') return <Dialog.Description id={descriptionId} className={className} {...props} />;
  return <p id={descriptionId} className={className} {...props} />;
}

/** Closes the overlay: the × labelled 关闭 by default, or any children (a 取消 button). */
export function OverlayClose({
  testId,
  className,
  children,
  ...props
}: { testId?: string } & ComponentPropsWithoutRef<'button'>) {
  const { kind } = useOverlayContext('OverlayClose');
  const Close = kind === 'dialog' ? Dialog.Close : Popover.Close;
  if (children) {
    return (
      <Close data-testid={testId} className={className} {...props}>
        {children}
      </Close>
    );
  }
  return (
    <Close
      data-testid={testId}
      aria-label="关闭"
      className={
        className ?? '-mr-1 grid size-9 shrink-0 place-items-center rounded-full text-ink-mute hover:bg-slate-100 hover:text-ink'
      }
      {...props}
    >
      <CloseIcon />
    </Close>
  );
}

/** The part that scrolls, under a header that stays put. */
export function OverlayBody({ className = '', ...props }: ComponentPropsWithoutRef<'div'>) {
  return <div className={`min-h-0 flex-1 overflow-y-auto overscroll-contain ${className}`} {...props} />;
}
