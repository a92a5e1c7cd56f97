'use client';

import { useRef } from 'react';
import { type PhotoStage, usePhotoText } from '@/lib/client/photo-text/use-photo-text';
import type { PhotoText } from '@/lib/contract/calls/photo-text';
import { imageUploadLimitText } from '@/lib/contract/image-upload';
import { buttonClass } from '@/components/ui/button';
import { CameraIcon, ImageIcon } from '@/components/ui/icons';

export interface PhotoTextPickerProps {
  /** The recognised text, to put in the editor; answers whether it was added after text already there. */
  onText: (text: string) => { appended: boolean };
}

/** Below this mean confidence the learner is asked to check the text with special care. */
const doubtfulConfidence = 75;

const pickerClass = buttonClass({ tone: 'secondary', size: 'sm' });

/**
 * Photo to text for the contextual dictionary's editor: take a photo of printed English (the
 * phone's camera) or choose one, watch it being sent and read, and get its text in the editor to
 * correct before reading it as clickable words.
 */
export function PhotoTextPicker({ onText }: PhotoTextPickerProps) {
  const camera = useRef<HTMLInputElement>(null);
  const chooser = useRef<HTMLInputElement>(null);
  const appended = useRef(false);
  const { stage, busy, read, reset } = usePhotoText((result: PhotoText) => {
    appended.current = onText(result.text).appended;
  });

  const picked = (input: HTMLInputElement) => {
    const file = input.files?.[0];
    // Cleared, so that choosing the same photo again reads it again.
    input.value = '';
    if (file) void read(file);
  };

  return (
    // The id is the menu's 拍照识字 anchor (lib/routes/menus.ts).
    <div id="photo-text" data-testid="photo-text" className="flex scroll-mt-20 flex-col gap-2 px-2 pb-2">
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          data-testid="photo-camera"
          onClick={() => camera.current?.click()}
          disabled={busy}
          className={`${pickerClass} md:hidden`}
        >
          <CameraIcon />
          拍照识别
        </button>
        <button
          type="button"
          data-testid="photo-choose"
          onClick={() => chooser.current?.click()}
          disabled={busy}
          className={pickerClass}
        >
          <ImageIcon />
          <span className="md:hidden">选择图片</span>
          <span className="hidden md:inline">图片识别文字</span>
        </button>
        <span className="text-xs text-ink-mute">
          拍下或上传印刷的英文，识别成可以查词的文字（PNG、JPEG、WebP、BMP，不超过 {imageUploadLimitText}）
        </span>
        <input
          ref={camera}
          data-testid="photo-camera-input"
          type="file"
          accept="image/*"
          capture="environment"
          tabIndex={-1}
          aria-hidden="true"
          className="hidden"
          onChange={(e) => picked(e.currentTarget)}
        />
        <input
          ref={chooser}
          data-testid="photo-input"
          type="file"
          accept="image/*"
          tabIndex={-1}
          aria-hidden="true"
          className="hidden"
          onChange={(e) => picked(e.currentTarget)}
        />
      </div>
      <PhotoStatus stage={stage} appended={appended.current} onDismiss={reset} />
    </div>
  );
}

function PhotoStatus({ stage, appended, onDismiss }: { stage: PhotoStage; appended: boolean; onDismiss: () => void }) {
  if (stage.kind === 'idle') return null;
  if (stage.kind === 'failed') {
    return (
      <div
        role="alert"
        data-testid="photo-error"
        className="flex items-start justify-between gap-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700"
      >
        <span>{stage.message}</span>
        <button
          type="button"
          onClick={onDismiss}
          className="shrink-0 rounded px-1 font-medium hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-red-300"
        >
          知道了
        </button>
      </div>
    );
  }
  if (stage.kind === 'done') {
    const { passage, confidence } = stage.result;
    return (
      <div
        role="status"
        data-testid="photo-done"
        className="flex items-start justify-between gap-3 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800"
      >
        <span>
          已识别 {passage.word_count} 个词{appended ? '，接在原有文字之后' : ''}。
          {confidence < doubtfulConfidence ? '图片不够清晰，部分文字可能有误，' : ''}
          请核对下方文字，改正后点击“开始查词”。
        </span>
        <button
          type="button"
          onClick={onDismiss}
          className="shrink-0 rounded px-1 font-medium hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-300"
        >
          关闭
        </button>
      </div>
    );
  }
  const share = stage.kind === 'uploading' ? stage.share : stage.kind === 'reading' ? 1 : 0;
  const label =
    stage.kind === 'preparing'
      ? '正在处理图片…'
      : stage.kind === 'uploading'
        ? `正在上传 ${Math.round(share * 100)}%`
        : '正在识别文字，请稍候…';
  return (
    <div
      role="status"
      data-testid="photo-progress"
      className="flex flex-col gap-1.5 rounded-lg bg-slate-50 px-3 py-2 text-sm text-ink-soft"
    >
      <span>{label}</span>
      <div
        role="progressbar"
        aria-label="图片识别进度"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={stage.kind === 'reading' ? undefined : Math.round(share * 100)}
        aria-valuetext={label}
        className="h-1.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full rounded-full bg-brand-500 transition-[width] ${stage.kind === 'reading' ? 'animate-pulse' : ''}`}
          style={{ width: `${Math.max(4, Math.round(share * 100))}%` }}
        />
      </div>
    </div>
  );
}
