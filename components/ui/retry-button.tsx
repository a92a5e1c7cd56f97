'use client';

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
  const colours = tone === 'alert' ? 'border-red-300 text-red-700 hover:bg-red-100' : 'border-slate-300 hover:bg-slate-50';
  return (
    <button
      type="button"
      data-testid={testId}
      onClick={onRetry}
      disabled={retrying}
      className={`rounded-lg border bg-white px-4 text-sm font-medium disabled:opacity-50 ${colours} ${className}`}
    >
      {retrying ? busyLabel : label}
    </button>
  );
}
