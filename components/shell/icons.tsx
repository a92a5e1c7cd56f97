import type { IconProps } from '@/components/ui/icons';

/* The header's icons, drawn as the product's others are (components/ui/icons.tsx). */

const stroked = { fill: 'none', stroke: 'currentColor' } as const;

export function ChevronDownIcon({ className = 'size-3' }: IconProps) {
  return (
    <svg aria-hidden viewBox="0 0 12 12" className={className} fill="currentColor">
      <path d="M2 4l4 4 4-4z" />
    </svg>
  );
}

export function MenuIcon({ className = 'size-5' }: IconProps) {
  return (
    <svg aria-hidden viewBox="0 0 20 20" className={className} {...stroked} strokeWidth="1.8">
      <path d="M3 5h14M3 10h14M3 15h14" />
    </svg>
  );
}

export function SettingsIcon({ className = 'size-5' }: IconProps) {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className={className} {...stroked} strokeWidth="1.8">
      <circle cx="12" cy="12" r="3" />
      <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
    </svg>
  );
}
