import type { DocumentSummary } from '@/lib/contract/calls/reading';
import { examName, profileExams } from '@/lib/contract/exams';

/** Words a minute of a text read aloud at the normal rate (recorded English speech runs at 120–160). */
const wordsPerMinute = 140;
export const listeningMinutes = (words: number) => Math.max(1, Math.round(words / wordsPerMinute));

/**
 * What a learner weighs before reading: the level, the length and how many words of each exam the
 * text holds. A server component: lists and the reading page render it into their HTML.
 */
export function DocumentFacts({
  doc,
  detailed = false,
}: {
  doc: Pick<DocumentSummary, 'level' | 'level_label' | 'word_count' | 'profile'> & { category?: string };
  /** The reading page shows the exam words too; a list keeps to level and length. */
  detailed?: boolean;
}) {
  const exams = profileExams.filter((exam) => doc.profile[exam] > 0).map((exam) => [exam, examName(exam)] as const);
  return (
    <dl data-testid="document-facts" className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-ink-mute">
      <div className="flex gap-1">
        <dt className="sr-only">难度</dt>
        <dd data-testid="document-level" data-level={doc.level} className="rounded bg-brand-50 px-1.5 py-0.5 text-brand-700">
          {doc.level_label}
        </dd>
      </div>
      <div className="flex gap-1">
        <dt className="sr-only">词数</dt>
        <dd data-testid="document-words">{doc.word_count.toLocaleString('zh-CN')} 词</dd>
      </div>
      {doc.category === 'listening' && (
        <div className="flex gap-1">
          <dt className="sr-only">朗读时长</dt>
          <dd data-testid="document-duration">朗读约 {listeningMinutes(doc.word_count)} 分钟</dd>
        </div>
      )}
      {detailed && exams.length > 0 && (
        <div className="flex flex-wrap gap-1">
          <dt>考试词汇</dt>
          {exams.map(([key, name]) => (
            <dd key={key} data-testid={`document-exam-${key}`}>
              {name} {doc.profile[key]}
            </dd>
          ))}
        </div>
      )}
    </dl>
  );
}
