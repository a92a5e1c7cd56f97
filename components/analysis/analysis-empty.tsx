/**
 * The analysis panel before any sentence: what it will show. Apart from the panel itself, so that
 * a screen can show it without loading the analysis, the chat and the Markdown renderer.
 */
export function EmptyAnalysisPanel() {
  return (
    <section
      data-testid="analysis-panel"
      data-mode="empty"
      className="rounded-2xl border border-dashed border-slate-300 px-4 py-10 text-center"
    >
      <p className="font-medium">输入或粘贴一个英文句子，开始分析</p>
      <p className="mt-1 text-sm text-ink-mute">你会看到它的翻译、逐层的句子成分、语法点，还可以向 AI 助教提问。</p>
    </section>
  );
}
