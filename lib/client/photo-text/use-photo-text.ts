'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { PhotoText } from '@/lib/contract/calls/photo-text';

export type PhotoStage =
  | { kind: 'idle' }
  | { kind: 'preparing' }
  | { kind: 'uploading'; share: number }
  | { kind: 'reading' }
  | { kind: 'done'; result: PhotoText }
  | { kind: 'failed'; message: string };

/**
 * One photo at a time to text: prepare (scale down), send with progress, wait for the reading,
 * then hand the text over. A newer photo, or leaving the screen, cancels the one under way.
 */
export function usePhotoText(onText: (result: PhotoText) => void) {
  const [stage, setStage] = useState<PhotoStage>({ kind: 'idle' });
  const current = useRef<AbortController | null>(null);
  const handOver = useRef(onText);
  handOver.current = onText;

  useEffect(() => () => current.current?.abort(), []);

  const read = useCallback(async (file: File) => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setStage({ kind: 'preparing' });
    try {
      // Fetched with the first photo: what sends one is no part of the screen's first load.
      const sending = await import('./photo-text').catch(() => null);
      if (controller.signal.aborted) return;
      if (!sending) return setStage({ kind: 'failed', message: '网络错误，图片没有发送成功，请检查网络后重试' });
      const { photoProblem, preparePhoto, readPhoto } = sending;
      const problem = photoProblem(file);
      if (problem) return setStage({ kind: 'failed', message: problem });
      const photo = await preparePhoto(file);
      if (controller.signal.aborted) return;
      setStage({ kind: 'uploading', share: 0 });
      const name = photo === file ? file.name || 'photo' : 'photo.jpg';
      const result = await readPhoto(
        photo,
        name,
        (share) => {
          if (!controller.signal.aborted) setStage(share >= 1 ? { kind: 'reading' } : { kind: 'uploading', share });
        },
        controller.signal,
      );
      if (controller.signal.aborted) return;
      handOver.current(result);
      setStage({ kind: 'done', result });
    } catch (error) {
      if (controller.signal.aborted) return;
      setStage({ kind: 'failed', message: error instanceof Error ? error.message : '识别失败，请稍后再试' });
    }
  }, []);

  const reset = useCallback(() => {
    current.current?.abort();
    setStage({ kind: 'idle' });
  }, []);

  const busy = stage.kind === 'preparing' || stage.kind === 'uploading' || stage.kind === 'reading';
  return { stage, busy, read, reset };
}
