/*
 * What a list says when it has nothing to show. An empty category is an operator's to fill (the
 * copyrighted series are never shipped), so the text says how, truthfully and briefly; a library
 * that could not be read says that instead of pretending to be empty.
 */

export function EmptyLibrary({ label, category, news = false }: { label: string; category?: string; news?: boolean }) {
  return (
    <div data-testid="empty-category" className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-sm">
      <p className="font-medium">「{label}」还没有内容。</p>
      <p className="mt-2 text-ink-soft">
        运营者可以导入自己有权使用的文章（Markdown、纯文本；每个文件开头写明
        {category ? <code className="mx-1">category: {category}</code> : ' category '}
        等信息）：
      </p>
      <pre className="mt-2 overflow-x-auto rounded-lg bg-slate-50 px-3 py-2 text-xs">
        <code>npm run import-content -- &lt;目录&gt;</code>
      </pre>
      {news && (
        <p className="mt-2 text-ink-soft">
          新闻也可以来自订阅源：在 <code>NEWS_FEEDS</code> 中填写 RSS/Atom 地址（见 README 的「News feeds」一节）。
        </p>
      )}
      <p className="mt-2 text-ink-mute">导入的格式见 README 的「The content library」一节。</p>
    </div>
  );
}

export function LibraryUnavailable() {
  return (
    <div
      role="alert"
      data-testid="library-unavailable"
      className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-4 text-sm text-amber-900"
    >
      内容库暂时无法读取，请稍后刷新重试。
    </div>
  );
}
