/*
 * The product's icons, drawn once: each is decorative (aria-hidden; the button around it is
 * named), takes the colour of its text and a size class that its place may change. The header's
 * own three are in components/shell/icons.tsx, so that every page's first load carries those
 * and not these.
 */

export interface IconProps {
  className?: string;
}

const stroked = { fill: 'none', stroke: 'currentColor' } as const;

export function CloseIcon({ className = 'size-4' }: IconProps) {
  return (
    <svg aria-hidden viewBox="0 0 20 20" className={className} {...stroked} strokeWidth="2">
      <path d="M5 5l10 10M15 5L5 15" />
    </svg>
  );
}

export function SendIcon({ className = 'size-5' }: IconProps) {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className={className} fill="currentColor">
      <path d="M3.4 20.4 21 12 3.4 3.6 3.4 10l12.6 2-12.6 2z" />
    </svg>
  );
}

export function WechatIcon({ className = 'size-5' }: IconProps) {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className={className} fill="currentColor">
      <path d="M9.5 4C5.36 4 2 6.8 2 10.25c0 1.98 1.1 3.74 2.83 4.9L4.2 17.5l2.64-1.37c.8.22 1.7.35 2.66.35.25 0 .5 0 .74-.03a5.6 5.6 0 0 1-.24-1.6c0-3.37 3.13-6.1 7-6.1.26 0 .52.01.77.04C17.1 6.1 13.67 4 9.5 4Zm-2.5 3.5a1 1 0 1 1 0 2 1 1 0 0 1 0-2Zm5 0a1 1 0 1 1 0 2 1 1 0 0 1 0-2ZM17 10c-3.31 0-6 2.24-6 5s2.69 5 6 5c.7 0 1.37-.1 2-.29L21 21l-.5-1.9c1.53-.92 2.5-2.4 2.5-4.1 0-2.76-2.69-5-6-5Zm-2 2.75a.875.875 0 1 1 0 1.75.875.875 0 0 1 0-1.75Zm4 0a.875.875 0 1 1 0 1.75.875.875 0 0 1 0-1.75Z" />
    </svg>
  );
}

/** A thumb up, or (up false) down; filled when chosen. */
export function ThumbIcon({ up, filled = false, className = 'size-4' }: IconProps & { up: boolean; filled?: boolean }) {
  return (
    <svg
      aria-hidden
      viewBox="0 0 24 24"
      className={`${className} ${up ? '' : 'rotate-180'}`}
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinejoin="round"
    >
      <path d="M7 10v11H3V10h4zm0 0 4.5-7.5c1.4 0 2.5 1.2 2.3 2.6L13.2 9H19a2 2 0 0 1 2 2.3l-1.3 7.6A2.5 2.5 0 0 1 17.2 21H7" />
    </svg>
  );
}

export function CameraIcon({ className = 'size-4' }: IconProps) {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className={className} {...stroked} strokeWidth="2">
      <path d="M4 8h3l2-3h6l2 3h3v11H4z" strokeLinejoin="round" />
      <circle cx="12" cy="13" r="3.5" />
    </svg>
  );
}

export function ImageIcon({ className = 'size-4' }: IconProps) {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className={className} {...stroked} strokeWidth="2">
      <rect x="3.5" y="4.5" width="17" height="15" rx="2" />
      <circle cx="9" cy="10" r="1.8" />
      <path d="m4 18 5-5 4 4 3-3 4 4" strokeLinejoin="round" />
    </svg>
  );
}

/** A magnifier with a cross: nothing found. */
export function NotFoundIcon({ className = 'size-10' }: IconProps) {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className={className} {...stroked} strokeWidth="1.5">
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-4-4M8.5 8.5l5 5M13.5 8.5l-5 5" />
    </svg>
  );
}

/** Turning while something loads (still where the reader asks for less motion). */
export function SpinnerIcon({ className = 'size-4' }: IconProps) {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className={`${className} motion-safe:animate-spin`} {...stroked} strokeWidth="2.2">
      <circle cx="12" cy="12" r="9" opacity="0.25" />
      <path d="M21 12a9 9 0 0 0-9-9" strokeLinecap="round" />
    </svg>
  );
}

/** A speaker; its waves move while it is `sounding`. */
export function SpeakerIcon({ sounding = false, className = 'size-[18px]' }: IconProps & { sounding?: boolean }) {
  return (
    <svg
      aria-hidden
      viewBox="0 0 24 24"
      className={className}
      {...stroked}
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M4 9.5v5h3.5L12 19V5L7.5 9.5z" fill="currentColor" />
      {sounding ? (
        <>
          <path d="M15.5 9a4 4 0 0 1 0 6" className="motion-safe:animate-pulse" />
          <path d="M18.5 6.5a7.5 7.5 0 0 1 0 11" className="motion-safe:animate-pulse [animation-delay:300ms]" />
        </>
      ) : (
        <path d="M15.5 9a4 4 0 0 1 0 6" />
      )}
    </svg>
  );
}
