'use client';

import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { fieldClass, Input } from '@/components/ui/field';
import { Link } from '@/components/ui/link';
import { callData } from '@/lib/client/api';
import { toast } from '@/lib/client/toast';
import { type ReviewMemory, type ReviewSettings, reviewSettingsLimits, reviewsBeforeFit } from '@/lib/contract';

const retentionChoices = [0.8, 0.85, 0.9, 0.95] as const;

/**
 * Below the cards: the review settings (the retention FSRS aims at, new cards a day) and the
 * exports (an Anki package, CSV for Excel), which are plain downloads through the BFF.
 */
export function ReviewTools({ onSettingsSaved }: { onSettingsSaved: () => void }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const link = 'text-brand-600 hover:underline';
  return (
    <div className="mt-8 border-t border-slate-200 pt-4 text-sm">
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
        <button
          type="button"
          data-testid="review-settings-toggle"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
          className={link}
        >
          {open ? '收起设置' : '复习设置'}
        </button>
        <Link href="/review/stats" data-testid="review-stats-link" className={link}>
          复习统计
        </Link>
        <a
          href="/api/export_review?format=apkg"
          download
          data-testid="review-export-apkg"
          title="含每个词的英式、美式发音；新词多时要生成几分钟，文件较大"
          className={link}
        >
          导出到 Anki（.apkg，含发音）
        </a>
        <a href={'/api/export_review?format=apkg&audio=0'} download data-testid="review-export-apkg-silent" className={link}>
          导出到 Anki（不含发音）
        </a>
        <a href="/api/export_review?format=csv" download data-testid="review-export-csv" className={link}>
          导出 CSV
        </a>
      </div>
      {open && <SettingsForm id={id} onSaved={onSettingsSaved} />}
    </div>
  );
}

function SettingsForm({ id, onSaved }: { id: string; onSaved: () => void }) {
  const [settings, setSettings] = useState<(ReviewSettings & { memory: ReviewMemory }) | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    callData('review_settings', {}, controller.signal)
      .then(setSettings)
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setError(e instanceof Error ? e.message : '加载失败');
      });
    return () => controller.abort();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!settings || saving) return;
    setSaving(true);
    try {
      const { desired_retention, new_per_day } = settings;
      setSettings(await callData('review_settings', { desired_retention, new_per_day }));
      toast.success('复习设置已保存');
      onSaved();
    } catch (e) {
      toast.error(`保存失败：${e instanceof Error ? e.message : '请稍后再试'}`);
    } finally {
      setSaving(false);
    }
  };

  const { newPerDay } = reviewSettingsLimits;
  return (
    <form
      id={id}
      data-testid="review-settings"
      onSubmit={submit}
      className="mt-4 flex flex-col gap-4 rounded-xl bg-white p-4 shadow-sm"
    >
      {error && (
        <p role="alert" className="text-red-600">
          {error}
        </p>
      )}
      {!settings && !error && <p className="text-ink-mute">正在加载…</p>}
      {settings && (
        <>
          <label className="flex flex-col gap-1">
            <span className="font-medium">目标记忆率</span>
            <select
              data-testid="review-retention"
              value={settings.desired_retention}
              onChange={(e) => setSettings({ ...settings, desired_retention: Number(e.target.value) })}
              className={fieldClass('sm', 'w-40')}
            >
              {retentionChoices.map((r) => (
                <option key={r} value={r}>
                  {Math.round(r * 100)}%{r === 0.9 ? '（推荐）' : ''}
                </option>
              ))}
            </select>
            <span className="text-xs text-ink-mute">复习时希望还记得的比例：越高，复习越频繁。</span>
          </label>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-new`} className="font-medium">
              每天新词数
            </label>
            <Input
              id={`${id}-new`}
              size="sm"
              type="number"
              data-testid="review-new-per-day"
              min={newPerDay.min}
              max={newPerDay.max}
              value={settings.new_per_day}
              onChange={(e) =>
                setSettings({
                  ...settings,
                  new_per_day: Math.max(newPerDay.min, Math.min(newPerDay.max, Math.round(Number(e.target.value) || 0))),
                })
              }
              className="w-40"
            />
          </div>
          <MemoryLine memory={settings.memory} />
          <div>
            <Button type="submit" size="sm" data-testid="review-settings-save" disabled={saving}>
              {saving ? '保存中…' : '保存'}
            </Button>
          </div>
        </>
      )}
    </form>
  );
}

/** Which weights schedule the learner's cards: FSRS-6's defaults, or their own, fitted to their reviews. */
function MemoryLine({ memory }: { memory: ReviewMemory }) {
  const day = memory.fitted_at?.slice(0, 10);
  let text: string;
  if (memory.weights === 'fitted') {
    text = `已按你的 ${memory.fitted_reviews} 次复习调整（${day}），比默认参数更贴合你的记忆；复习越多，调整越准。`;
  } else if (!memory.optimizer) {
    text = '使用 FSRS 默认参数（本服务器暂不能按个人记录调整）。';
  } else if (memory.fitted_reviews > 0) {
    text = `使用 FSRS 默认参数：按你的 ${memory.fitted_reviews} 次复习调整后并不更准；复习更多后会再试。`;
  } else {
    text = `使用 FSRS 默认参数；复习满 ${reviewsBeforeFit} 次后（已复习 ${memory.reviews} 次）会按你的记录自动调整。`;
  }
  return (
    <div className="flex flex-col gap-1" data-testid="review-memory">
      <span className="font-medium">记忆模型</span>
      <span className="text-xs text-ink-mute">{text}</span>
    </div>
  );
}
