/*
 * The reading bar's icons (a phone shows the bar as a row of icons, issue 35), drawn as those of
 * components/ui/icons.tsx are: decorative (the button around each is named), in the colour of
 * their text. They live with the bar, the one place that uses them.
 */

interface IconProps {
  className?: string;
}

const stroked = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export function PreviousIcon({ className = 'size-4' }: IconProps) {
  return (
    <svg aria-hidden viewBox="0 0 20 20" className={className} {...stroked}>
      <path d="M12.5 4.5 7 10l5.5 5.5" />
    </svg>
  );
}

export function NextIcon({ className = 'size-4' }: IconProps) {
  return (
    <svg aria-hidden viewBox="0 0 20 20" className={className} {...stroked}>
      <path d="M7.5 4.5 13 10l-5.5 5.5" />
    </svg>
  );
}

/** 分析本句: a sentence taken apart. */
export function AnalyseIcon({ className = 'size-4' }: IconProps) {
  return (
    <svg aria-hidden viewBox="0 0 20 20" className={className} {...stroked}>
      <path d="M3 5h14M3 10h6M3 15h6" />
      <circle cx="13.5" cy="12.5" r="2.75" />
      <path d="m15.5 14.5 2 2" />
    </svg>
  );
}

/** 逐词查词: the words one by one. */
export function WordsIcon({ className = 'size-4' }: IconProps) {
  return (
    <svg aria-hidden viewBox="0 0 20 20" className={className} {...stroked}>
      <rect x="2.5" y="6" width="6" height="8" rx="1.5" />
      <rect x="11.5" y="6" width="6" height="8" rx="1.5" />
    </svg>
  );
}

/** 标注: a highlighter's stroke under a line. */
export function MarksIcon({ className = 'size-4' }: IconProps) {
  return (
    <svg aria-hidden viewBox="0 0 20 20" className={className} {...stroked}>
      <path d="M4 7h12M4 11h8" />
      <path d="M3 16h14" strokeWidth={3.5} opacity={0.45} />
    </svg>
  );
}

export function PlayIcon({ className = 'size-4' }: IconProps) {
  return (
    <svg aria-hidden viewBox="0 0 20 20" className={className} fill="currentColor">
      <path d="M6 4.2v11.6a.7.7 0 0 0 1.06.6l9.2-5.8a.7.7 0 0 0 0-1.2l-9.2-5.8A.7.7 0 0 0 6 4.2Z" />
    </svg>
  );
}

export function StopIcon({ className = 'size-4' }: IconProps) {
  return (
    <svg aria-hidden viewBox="0 0 20 20" className={className} fill="currentColor">
      <rect x="5" y="5" width="10" height="10" rx="1.5" />
    </svg>
  );
}

export function MoreIcon({ className = 'size-4' }: IconProps) {
  return (
    <svg aria-hidden viewBox="0 0 20 20" className={className} fill="currentColor">
      <circle cx="4.5" cy="10" r="1.6" />
      <circle cx="10" cy="10" r="1.6" />
      <circle cx="15.5" cy="10" r="1.6" />
    </svg>
  );
}
