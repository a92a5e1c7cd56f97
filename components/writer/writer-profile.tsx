import type { WriterProfile } from '@/lib/contract';

/** The text's exam-word profile: size, sentence lengths, the words per exam level, notable words. */
export function WriterProfileCard({ profile }: { profile: WriterProfile }) {
  const total = profile.levels.reduce((n, l) => n + l.count, 0) || 1;
  return (
    <div data-testid="writer-profile" className="flex flex-col gap-3 text-sm">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-2">
        {[
          ['词数', profile.word_count],
          ['句数', profile.sentence_count],
          ['平均句长', `${profile.average_sentence_words} 词`],
          ['不同词', profile.distinct_words],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg bg-slate-50 px-3 py-2">
            <dt className="text-xs text-ink-mute">{label}</dt>
            <dd className="font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <p>
        词汇水平约为 <strong data-testid="writer-profile-level">{profile.level_exam}</strong>（按 95% 词汇覆盖估计）
      </p>
      <ul className="flex flex-col gap-1" aria-label="各级词汇占比">
        {profile.levels.map((level) => {
          const share = Math.round((level.count / total) * 100);
          return (
            <li key={level.level} className="flex items-center gap-2">
              <span className="w-24 shrink-0 text-xs text-ink-soft">{level.exam}</span>
              <span className="h-2 flex-1 overflow-hidden rounded bg-slate-100">
                <span className="block h-full rounded bg-brand-500" style={{ width: `${share}%` }} />
              </span>
              <span className="w-16 shrink-0 text-right text-xs text-ink-soft">
                {level.count} 词 {share}%
              </span>
            </li>
          );
        })}
      </ul>
      {profile.advanced_words.length > 0 && (
        <p>
          <span className="text-ink-soft">六级及以上词汇：</span>
          <span lang="en">{profile.advanced_words.map((w) => w.lemma).join(', ')}</span>
        </p>
      )}
      {profile.overused_words.length > 0 && (
        <p data-testid="writer-overused">
          <span className="text-ink-soft">用得较多、可换个说法的词：</span>
          <span lang="en">{profile.overused_words.map((w) => `${w.lemma} ×${w.count}`).join(', ')}</span>
        </p>
      )}
    </div>
  );
}
