'use client';

import { Link } from '@/components/ui/link';
import { useId, useState } from 'react';
import { useRequireLogin } from '@/components/account/use-require-login';
import { ListError, ListSkeleton } from '@/components/word-lists/history-list-states';
import { ApiError } from '@/lib/client/errors';
import {
  HISTORY_PAGE_SIZE,
  useExpertScenes,
  useSceneHistory,
  useUpdateInstruction,
} from '@/lib/client/expert-instructions/expert-instructions';
import { useCurrentUser } from '@/lib/client/user';
import { errorMessage } from '@/lib/client/word-lists/queries';
import { type ExpertInstructionVersion, type ExpertScene, type ExpertSceneState, expertInstructionLimits } from '@/lib/contract';
import { Button } from '@/components/ui/button';
import { Tabs } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/field';

/** What each scene's instruction steers, for the reader of this screen. */
const sceneHints: Record<ExpertScene, string> = {
  tutor: '句子分析后的 AI 答疑：学习者追问一个句子时，模型按这里的要求讲解。',
  explain: '单词、短语和语法点的讲解：模型解释一个词在句中的用法时遵循这里的要求。',
  writer: '写作助手的 AI 批改：模型点评作文、给出修改稿和分数时遵循这里的要求。',
};

const when = (at: string) =>
  new Intl.DateTimeFormat('zh-CN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Shanghai' }).format(new Date(at));

/**
 * /ExpertInstruction (no header or footer): the instructions teachers and operators write for the
 * language model, one per scene (the tutor, explanations, the writer), each versioned with who
 * wrote it and when. Everyone may read them, their versions and times; who wrote each is shown to
 * the experts (others read 专家). The accounts the operator lists as experts may write, and an
 * update made on an old version is refused rather than overwriting a colleague's.
 */
export function ExpertInstructionScreen() {
  const { data: user, isPending: userPending } = useCurrentUser();
  const scenes = useExpertScenes(user?.account);
  const [scene, setScene] = useState<ExpertScene>('tutor');

  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-4xl flex-col gap-5 px-4 py-6 md:py-10">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">专家指令</h1>
          <p className="mt-1 max-w-2xl text-sm text-ink-soft">
            老师和运营写给语言模型的要求：模型回答时把当前版本放进系统提示。每次修改都会保留一个版本，记录修改人和时间。
            未配置语言模型时，离线讲解不使用这些指令。
          </p>
        </div>
        <Link href="/" className="text-sm text-brand-600 hover:underline">
          返回首页
        </Link>
      </header>
      {scenes.isPending || userPending ? (
        <ListSkeleton rows={3} label="正在加载指令" />
      ) : scenes.isError ? (
        <ListError message={errorMessage(scenes.error)} onRetry={() => void scenes.refetch()} retrying={scenes.isRefetching} />
      ) : (
        <>
          <EditRights canEdit={scenes.data.can_edit} loggedIn={!!user} />
          <SceneTabs scenes={scenes.data.scenes} scene={scene} onScene={setScene} />
          {scenes.data.scenes
            .filter((s) => s.scene === scene)
            .map((state) => (
              // Keyed by scene only: a save or a colleague's change refreshes the versions, never the draft.
              <ScenePanel key={state.scene} account={user?.account} state={state} canEdit={scenes.data.can_edit} />
            ))}
        </>
      )}
    </div>
  );
}

function EditRights({ canEdit, loggedIn }: { canEdit: boolean; loggedIn: boolean }) {
  const requireLogin = useRequireLogin();
  if (canEdit) {
    return (
      <p data-testid="expert-can-edit" className="rounded-lg bg-emerald-50 px-4 py-2 text-sm text-emerald-800">
        你是专家账号，可以修改指令。保存后立即生效。
      </p>
    );
  }
  return (
    <p data-testid="expert-read-only" className="rounded-lg bg-slate-100 px-4 py-2 text-sm text-ink-soft">
      只读：只有运营指定的专家账号可以修改指令。
      {!loggedIn && (
        <button type="button" onClick={() => requireLogin()} className="ml-2 font-medium text-brand-700 hover:underline">
          专家请登录
        </button>
      )}
    </p>
  );
}

function SceneTabs({
  scenes,
  scene,
  onScene,
}: {
  scenes: ExpertSceneState[];
  scene: ExpertScene;
  onScene: (scene: ExpertScene) => void;
}) {
  return (
    <Tabs
      id="expert"
      label="场景"
      tabs={scenes.map((s) => ({
        key: s.scene,
        testId: `expert-scene-${s.scene}`,
        label: (
          <>
            {s.title}
            <span className="ml-1.5 text-xs font-normal text-ink-mute">{s.current ? `v${s.current.version}` : '未设置'}</span>
          </>
        ),
      }))}
      selected={scene}
      onSelect={onScene}
      tabClassName="text-sm"
    />
  );
}

function ScenePanel({ account, state, canEdit }: { account: string | undefined; state: ExpertSceneState; canEdit: boolean }) {
  const [draft, setDraft] = useState(state.current?.instruction ?? '');
  return (
    <section
      role="tabpanel"
      id="expert-panel"
      aria-labelledby={`expert-tab-${state.scene}`}
      data-testid="expert-panel"
      className="flex flex-col gap-5"
    >
      <p className="text-sm text-ink-soft">{sceneHints[state.scene]}</p>
      {canEdit ? (
        <Editor account={account} state={state} draft={draft} onDraft={setDraft} />
      ) : (
        <CurrentInstruction version={state.current} />
      )}
      <History account={account} scene={state.scene} canEdit={canEdit} onUse={setDraft} />
    </section>
  );
}

// The author is named to the experts only; everyone else reads 专家 (see the contract's `editor`).
function VersionLine({ version }: { version: ExpertInstructionVersion }) {
  const author = version.editor ? version.editor.nickname || version.editor.account : '专家';
  return (
    <span className="text-xs text-ink-mute" data-testid="expert-version-line">
      v{version.version} · {author} · {when(version.created_at)}
    </span>
  );
}

function CurrentInstruction({ version }: { version: ExpertInstructionVersion | null }) {
  if (!version?.instruction) {
    return (
      <p
        data-testid="expert-current-empty"
        className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-ink-soft"
      >
        {version ? '当前版本为空：模型在这个场景没有额外要求。' : '这个场景还没有指令：模型按默认要求回答。'}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4">
      <VersionLine version={version} />
      <p data-testid="expert-current" className="whitespace-pre-wrap break-words leading-relaxed">
        {version.instruction}
      </p>
    </div>
  );
}

function Editor({
  account,
  state,
  draft,
  onDraft,
}: {
  account: string | undefined;
  state: ExpertSceneState;
  draft: string;
  onDraft: (draft: string) => void;
}) {
  const id = useId();
  const update = useUpdateInstruction(account);
  const current = state.current;
  const unchanged = draft.trim() === (current?.instruction ?? '');
  const tooLong = draft.length > expertInstructionLimits.maxChars;
  const conflict = update.error instanceof ApiError && update.error.httpStatus === 409;

  const save = () => update.mutate({ scene: state.scene, instruction: draft, base_version: current?.version ?? 0 });

  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!unchanged && !tooLong && !update.isPending) save();
      }}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          当前指令
        </label>
        {current ? <VersionLine version={current} /> : <span className="text-xs text-ink-mute">尚未设置</span>}
      </div>
      <Textarea
        id={id}
        data-testid="expert-editor"
        value={draft}
        onChange={(e) => onDraft(e.target.value)}
        rows={10}
        placeholder="例如：先用一句话说明句子主干，再逐个解释从句；用中文回答，例句保留英文。"
        className="w-full"
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button size="lg" type="submit" data-testid="expert-save" disabled={unchanged || tooLong || update.isPending}>
          {update.isPending ? '保存中…' : '保存新版本'}
        </Button>
        {!unchanged && (
          <button
            type="button"
            onClick={() => onDraft(current?.instruction ?? '')}
            className="text-sm text-ink-soft hover:text-ink"
          >
            撤销修改
          </button>
        )}
        <span className={`ml-auto text-xs ${tooLong ? 'text-red-600' : 'text-ink-mute'}`} data-testid="expert-length">
          {draft.length} / {expertInstructionLimits.maxChars}
        </span>
      </div>
      {update.isError && (
        <p role="alert" data-testid="expert-error" className="text-sm text-red-700">
          保存失败：{errorMessage(update.error)}
          {conflict && <span className="ml-1">（你的修改仍在编辑框里；刷新后可以对照最新版本再保存）</span>}
        </p>
      )}
    </form>
  );
}

function History({
  account,
  scene,
  canEdit,
  onUse,
}: {
  account: string | undefined;
  scene: ExpertScene;
  canEdit: boolean;
  onUse: (text: string) => void;
}) {
  const [page, setPage] = useState(1);
  const history = useSceneHistory(account, scene, page);
  const pages = history.data ? Math.max(1, Math.ceil(history.data.total / HISTORY_PAGE_SIZE)) : 1;

  return (
    <section aria-label="修改记录" data-testid="expert-history" className="flex flex-col gap-2">
      <h2 className="text-base font-semibold">修改记录</h2>
      {history.isPending ? (
        <p className="text-sm text-ink-mute">加载中…</p>
      ) : history.isError ? (
        <p role="alert" className="text-sm text-red-700">
          记录加载失败：{errorMessage(history.error)}
        </p>
      ) : history.data.items.length === 0 ? (
        <p className="text-sm text-ink-mute">还没有修改记录。</p>
      ) : (
        <>
          <ol className="flex flex-col gap-2">
            {history.data.items.map((version) => (
              <li
                key={version.version}
                data-testid="expert-version"
                className="rounded-xl border border-slate-200 bg-white px-4 py-3"
              >
                <details>
                  <summary className="cursor-pointer">
                    <VersionLine version={version} />
                    <span className="ml-2 text-sm text-ink-soft">
                      {version.instruction
                        ? `${version.instruction.slice(0, 40)}${version.instruction.length > 40 ? '…' : ''}`
                        : '（清空）'}
                    </span>
                  </summary>
                  <p className="mt-2 whitespace-pre-wrap break-words text-sm leading-relaxed">
                    {version.instruction || '（清空）'}
                  </p>
                  {canEdit && (
                    <button
                      type="button"
                      onClick={() => onUse(version.instruction)}
                      className="mt-2 text-sm text-brand-600 hover:underline"
                    >
                      以此版本为底稿
                    </button>
                  )}
                </details>
              </li>
            ))}
          </ol>
          {pages > 1 && (
            <div className="flex items-center justify-center gap-3 text-sm">
              <button
                type="button"
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
                className="text-brand-600 disabled:opacity-40"
              >
                上一页
              </button>
              <span className="text-ink-mute">
                {page} / {pages}
              </span>
              <button
                type="button"
                disabled={page >= pages}
                onClick={() => setPage(page + 1)}
                className="text-brand-600 disabled:opacity-40"
              >
                下一页
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
