'use client';

import { Link } from '@/components/ui/link';
import { useRef, useState, type FormEvent } from 'react';
import { LoginPrompt } from '@/components/account/login-prompt';
import { shelfKey } from '@/lib/client/books/queries';
import { bookSizeLimitText, type MadeBook, uploadBook, uploadProblem } from '@/lib/client/books/upload';
import { useQueryClient } from '@/lib/client/query';
import { useCurrentUser } from '@/lib/client/user';
import { bookUpload, defaultReaderLevel } from '@/lib/contract/calls/books';
import { pathFor } from '@/lib/routes/route-table';
import { Button } from '@/components/ui/button';

const readerLevels = [
  { level: 1, label: '中考' },
  { level: 2, label: '高考' },
  { level: 3, label: '大学英语四级' },
  { level: 4, label: '大学英语六级' },
  { level: 5, label: '考研 / 雅思' },
];

type Stage =
  | { kind: 'idle' }
  | { kind: 'uploading'; share: number }
  | { kind: 'making' }
  | { kind: 'done'; book: MadeBook }
  | { kind: 'failed'; message: string };

/** /uploadBook: a file and a title become a personal book on the learner's shelf. */
export function UploadBookForm() {
  const { data: user, isPending } = useCurrentUser();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [level, setLevel] = useState(defaultReaderLevel);
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  const busy = stage.kind === 'uploading' || stage.kind === 'making';

  if (isPending) return <p className="text-sm text-ink-mute">加载中…</p>;
  if (!user) return <LoginPrompt testId="upload-login-prompt" message="登录后可以上传英文书，放上你的书架。" />;

  const choose = (chosen: File | null) => {
    setFile(chosen);
    const problem = chosen ? uploadProblem(chosen) : null;
    setStage(problem ? { kind: 'failed', message: problem } : { kind: 'idle' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setStage({ kind: 'failed', message: '请选择要上传的文件' });
    const problem = uploadProblem(file);
    if (problem) return setStage({ kind: 'failed', message: problem });
    setStage({ kind: 'uploading', share: 0 });
    try {
      const book = await uploadBook({ title, level, file }, (share) =>
        setStage(share >= 1 ? { kind: 'making' } : { kind: 'uploading', share }),
      );
      setStage({ kind: 'done', book });
      setFile(null);
      setTitle('');
      if (input.current) input.current.value = '';
      void queryClient.invalidateQueries({ queryKey: shelfKey(user.account) });
    } catch (error) {
      setStage({ kind: 'failed', message: error instanceof Error ? error.message : '上传失败，请稍后再试' });
    }
  };

  return (
    <form
      data-testid="upload-book-form"
      onSubmit={submit}
      className="flex flex-col gap-5 rounded-xl border border-slate-200 bg-white p-5"
    >
      <label className="flex flex-col gap-2">
        <span className="font-medium">选择文件</span>
        <input
          ref={input}
          data-testid="upload-file"
          type="file"
          accept={bookUpload.accept}
          disabled={busy}
          onChange={(e) => choose(e.target.files?.[0] ?? null)}
          className="text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-brand-700"
        />
        <span data-testid="upload-hint" className="text-xs text-ink-mute">
          支持 TXT、Markdown（.md）、EPUB、PDF（须含文字层，扫描件无法读取），单个文件不超过 {bookSizeLimitText}；文本文件请用
          UTF-8 编码。一本书最多 {bookUpload.maxChapters} 章（更多时相邻的短章会合并），长章节分页阅读。最多保存{' '}
          {bookUpload.maxBooks} 本自制书。
        </span>
      </label>
      <label className="flex flex-col gap-2">
        <span className="font-medium">书名（可不填）</span>
        <input
          data-testid="upload-title"
          type="text"
          value={title}
          maxLength={bookUpload.maxTitle}
          disabled={busy}
          onChange={(e) => setTitle(e.target.value)}
          placeholder="不填则使用书中或文件的名字"
          className="h-10 rounded-lg border border-slate-300 px-3"
        />
      </label>
      <label className="flex flex-col gap-2">
        <span className="font-medium">我的水平</span>
        <select
          data-testid="upload-level"
          value={level}
          disabled={busy}
          onChange={(e) => setLevel(Number(e.target.value))}
          className="h-10 rounded-lg border border-slate-300 px-3"
        >
          {readerLevels.map((l) => (
            <option key={l.level} value={l.level}>
              {l.label}
            </option>
          ))}
        </select>
        <span className="text-xs text-ink-mute">超出这个水平、又没有被你标为熟词的词，会列入本书的生词表。</span>
      </label>
      <Button type="submit" data-testid="upload-submit" disabled={busy || !file || !!uploadProblem(file)} className="h-11">
        {busy ? '正在制作…' : '上传并制作'}
      </Button>

      {stage.kind === 'uploading' ? (
        <div role="status" data-testid="upload-progress" className="flex flex-col gap-1 text-sm">
          <span>上传中 {Math.round(stage.share * 100)}%</span>
          <progress max={1} value={stage.share} className="w-full" />
        </div>
      ) : null}
      {stage.kind === 'making' ? (
        <p role="status" data-testid="upload-progress" className="text-sm text-ink-soft">
          上传完成，正在提取文字、划分章节和分析词汇…
        </p>
      ) : null}
      {stage.kind === 'failed' ? (
        <p role="alert" data-testid="upload-error" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {stage.message}
        </p>
      ) : null}
      {stage.kind === 'done' ? (
        <div role="status" data-testid="upload-done" className="rounded-lg bg-emerald-50 px-3 py-3 text-sm text-emerald-900">
          <p>
            《<span lang="en">{stage.book.title}</span>》已放上书架：{stage.book.chapter_count} 章，
            {stage.book.word_count.toLocaleString('zh-CN')} 词，难度 {stage.book.level_label}，生词 {stage.book.unknown_words}{' '}
            个。
          </p>
          <Link
            data-testid="upload-book-link"
            href={pathFor('myBook', { bookId: String(stage.book.book_id) })}
            className="mt-2 inline-block font-medium text-brand-700 underline"
          >
            开始阅读 →
          </Link>
        </div>
      ) : null}
    </form>
  );
}
