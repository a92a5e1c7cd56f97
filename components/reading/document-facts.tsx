import type { DocumentSummary } from '@/lib/contract/calls/content';

/** The exams of the profile, easiest first, as learners in China name them. */
type Exam = 'zk' | 'gk' | 'cet4' | 'cet6' | 'ky' | 'ielts';
const examNames: [Exam, string][] = [
  ['zk', '中考'],
  ['gk', '高考'],
  ['cet4', '四级'],
  ['cet6', '六级'],
  ['ky', '考研'],
  ['ielts', '雅思'],
];

/**
 * What a learner weighs before reading: the level, the length and how many words of each exam the
 * text holds. A server component: lists and the reading page render it into their HTML.
 */
export function DocumentFacts({
  doc,
  detailed = false,
}: {
  doc: Pick<DocumentSummary, 'level' | 'level_label' | 'word_count' | 'profile'>;
  /** The reading page shows the exam words too; a list keeps to level and length. */
  detailed?: boolean;
}) {
  const exams = examNames.filter(([key]) => doc.profile[key] > 0);
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
