'use client';

import { buttonClass } from './button';

/**
 * The "try again" button of every failed load: says that it is working while the retry runs,
 * and cannot be pressed twice meanwhile.
 */
export function RetryButton({
  onRetry,
  retrying,
  testId,
  label = '重试',
  busyLabel = '正在重试…',
  tone = 'plain',
  className = '',
}: {
  onRetry: () => void;
  retrying?: boolean;
  testId: string;
  label?: string;
  busyLabel?: string;
  /** `alert`: on a red error panel. */
  tone?: 'plain' | 'alert';
  className?: string;
}) {
  const look = buttonClass({ tone: tone === 'alert' ? 'alert' : 'secondary' });
  return (
    <button type="button" data-testid={testId} onClick={onRetry} disabled={retrying} className={`${look} ${className}`}>
      {retrying ? busyLabel : label}
    </button>
  );
}
