'use client';

import { useCallback, useMemo, useState } from 'react';
import type { Constituent } from '@/lib/client/analysis/layers';
import { type ConversationId, type ExplainRequest, useGrammarObjects } from '@/lib/client/analysis/queries';
import { callData } from '@/lib/client/api';
import { toast } from '@/lib/client/toast';
import { useTutorChat } from '@/lib/client/chat/use-tutor-chat';
import type { AnalysisAnswer } from '@/lib/contract/calls/analysis';
import type { ChatRecord } from '@/lib/contract/calls/chat';
import { ChatPanel } from '../chat/chat-panel';
import { GLOSS_LABEL } from './analysis-text';
import { EmptyAnalysisPanel } from './analysis-empty';
import { ConstituentLayers } from './constituent-layers';
import { ExplainDrawer } from './explain-drawer';
import { GlossEntries } from './gloss-entries';

/** Spec section 2: the panel's modes. */
export type AnalysisPanelMode = 'empty' | 'sentence' | 'chat-only';

/** The whole-text constituent a free chat (scene cloze) asks about: there is no sentence to pick from. */
const WHOLE_TEXT: Constituent = { label: '全文', start: 0, end: 0 };

export type AnalysisPanelProps =
  | { mode: 'empty' }
  | {
      mode: 'sentence';
      sentence: string;
      answer: AnalysisAnswer;
      conversationId: ConversationId;
      /** A stored conversation being reopened. */
      records?: readonly ChatRecord[];
      /** Offers 新对话 (create_conversation about the same sentence). */
      allowNewConversation?: boolean;
    }
  | { mode: 'chat-only'; conversationId: ConversationId; scene: string; records?: readonly ChatRecord[] };

/**
 * The sentence analysis panel (spec section 2): the translation, the constituent layers, the
 * grammar points and the chat with the tutor; clicking a grammar point (in the list or in a
 * reply) opens the bottom explain drawer.
 */
export function AnalysisPanel(props: AnalysisPanelProps) {
  if (props.mode === 'empty') return <EmptyAnalysisPanel />;
  return <FilledPanel key={String(props.conversationId)} {...props} />;
}

function FilledPanel(props: Exclude<AnalysisPanelProps, { mode: 'empty' }>) {
  const [conversationId, setConversationId] = useState<ConversationId>(props.conversationId);
  const [records, setRecords] = useState(props.records);
  const [selected, setSelected] = useState<Constituent | null>(props.mode === 'chat-only' ? WHOLE_TEXT : null);
  const [explaining, setExplaining] = useState<(ExplainRequest & { title: string }) | null>(null);
  const [starting, setStarting] = useState(false);
  const scene = props.mode === 'chat-only' ? props.scene : 'sentence';
  const chat = useTutorChat({ conversationId, scene, records, feedbackRole: 'sentence' });
  const catalogue = useGrammarObjects();

  const answer = props.mode === 'sentence' ? props.answer : null;
  const grammarNames = useMemo(
    () => [...new Set([...(answer?.labels_needed_to_explain ?? []), ...(catalogue.data?.map((g) => g.name) ?? [])])],
    [answer, catalogue.data],
  );

  const explain = useCallback(
    (text: string, roundId: number, title = text) =>
      setExplaining({ answer: text, round_id: roundId, conversation_id: conversationId, title }),
    [conversationId],
  );

  const startNewConversation = async () => {
    setStarting(true);
    try {
      const created = await callData('create_conversation', {
        ...(props.mode === 'sentence' ? { sentence: props.sentence } : {}),
        scene,
      });
      setRecords(undefined);
      setConversationId(created.conversation_id);
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : '新对话创建失败');
    } finally {
      setStarting(false);
    }
  };

  const ask = (question: string, constituent: Constituent) => {
    setSelected(constituent);
    chat.ask(question, constituent, 'question');
  };

  return (
    <section data-testid="analysis-panel" data-mode={props.mode} className="flex flex-col gap-5">
      {answer && props.mode === 'sentence' && (
        <>
          <Translation answer={answer} />
          <div>
            <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="text-base font-semibold">句子成分</h2>
              <span className="text-xs text-ink-mute">点击成分中的单词，查看推荐问题</span>
            </div>
            {answer.engine === 'approximate' && (
              <p data-testid="analysis-approximate" className="mb-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
                句法分析器暂时无法分析这个句子，以下成分划分为近似分析，仅供参考。
              </p>
            )}
            <ConstituentLayers
              words={answer.spans.words}
              spans={answer.spans.spans}
              selected={selected}
              onSelect={setSelected}
              conversationId={conversationId}
              onAsk={ask}
            />
          </div>
          <GrammarPoints names={answer.labels_needed_to_explain} onOpen={(name) => explain(name, chat.roundId)} />
        </>
      )}
      <ChatPanel
        chat={chat}
        selected={selected}
        grammarNames={grammarNames}
        onExplain={(text, roundId) => explain(text, roundId)}
        newConversation={
          props.mode === 'chat-only' || props.allowNewConversation
            ? { onStart: startNewConversation, pending: starting }
            : undefined
        }
      />
      <ExplainDrawer request={explaining} onClose={() => setExplaining(null)} />
    </section>
  );
}

function Translation({ answer }: { answer: AnalysisAnswer }) {
  const gloss = answer.translation_source === 'gloss';
  return (
    <div data-testid="analysis-translation">
      <h2 className="mb-1 flex items-center gap-2 text-base font-semibold">
        {gloss ? GLOSS_LABEL : '翻译'}
        {gloss && <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-normal text-ink-mute">非完整翻译</span>}
      </h2>
      {gloss ? (
        <GlossEntries entries={answer.gloss_entries} line={answer.translation} />
      ) : (
        <p data-testid="translation-text" className="leading-relaxed">
          {answer.translation}
        </p>
      )}
    </div>
  );
}

function GrammarPoints({ names, onOpen }: { names: readonly string[]; onOpen: (name: string) => void }) {
  return (
    <div data-testid="grammar-points">
      <h2 className="mb-2 text-base font-semibold">语法点</h2>
      {names.length === 0 ? (
        <p className="text-sm text-ink-mute">这句话里没有识别出需要讲解的语法点。</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {names.map((name) => (
            <li key={name}>
              <button
                type="button"
                data-testid="grammar-point"
                onClick={() => onOpen(name)}
                className="rounded-full border border-brand-100 bg-brand-50 px-3 py-1 text-sm text-brand-700 hover:bg-brand-100"
              >
                {name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
