import { type MeteredFeature, modelFeatureNames } from '@/lib/contract/calls/metering';

/**
 * What membership gives, in the learner's words: one line per metered feature of the
 * entitlements table (upstream/metering/entitlements.ts), where a member's uses are unlimited.
 * Keyed by the contract's feature names (which the table is typed by), so a feature added there
 * does not compile until it is described here.
 */
export interface Benefit {
  /** The feature as a count names it ("查词 3 次"). */
  name: string;
  title: string;
  detail: string;
}

export const vipBenefits: Record<MeteredFeature, Benefit> = {
  query_word: {
    name: '查词',
    title: '不限次数语境查词',
    detail: '点击句子里的任意单词，给出最贴合上下文的释义，并识别它所在的短语（如 look up to）。',
  },
  analyze_sentence: {
    name: '句子分析',
    title: '不限次数句子分析',
    detail: '拆解主语、谓语、宾语等句子成分和从句，讲解其中的语法点。',
  },
  photo_text: {
    name: '拍照识字',
    title: '不限次数拍照识字',
    detail: '拍下或选择书页、试卷的照片，识别出其中的英文，变成可以点击查词的文字。',
  },
  writer_review: {
    name: 'AI 作文点评',
    title: '不限次数 AI 作文点评',
    detail: '大模型逐段点评你的英文作文，给出修改后的版本和估计的考试分档。',
  },
  translate: {
    name: 'AI 翻译',
    title: '不限次数 AI 整句翻译',
    detail: '大模型把句子译成通顺的中文。',
  },
  ask_tutor: {
    name: 'AI 老师答疑',
    title: '不限次数向 AI 老师提问',
    detail: '就句子的任意部分向大模型驱动的 AI 老师提问。',
  },
};

/**
 * The features a page may offer: those the running product delivers (query_free_uses's
 * `metered`, read on the server by lib/bff/membership.ts's deliveredFeatures). When that list
 * could not be read, only what needs no language model: a model's feature is never promised on
 * a guess.
 */
export function offered(delivered: readonly MeteredFeature[] | null | undefined, feature: MeteredFeature): boolean {
  if (delivered) return delivered.includes(feature);
  return !(modelFeatureNames as readonly MeteredFeature[]).includes(feature);
}

/** The order the membership pages list what they sell in. */
const saleOrder: readonly MeteredFeature[] = [
  'query_word',
  'analyze_sentence',
  'ask_tutor',
  'translate',
  'photo_text',
  'writer_review',
];

/** The lines the membership pages sell: every delivered metered feature (members use it without limit). */
export function benefitsOnSale(delivered: readonly MeteredFeature[] | null | undefined) {
  return saleOrder.filter((feature) => offered(delivered, feature)).map((feature) => ({ feature, ...vipBenefits[feature] }));
}

/** The sold features by their names, in one line: "查词、句子分析和拍照识字". */
export function benefitNames(delivered: readonly MeteredFeature[] | null | undefined): string {
  const names = benefitsOnSale(delivered).map((b) => b.name);
  return names.length > 1 ? `${names.slice(0, -1).join('、')}和${names.at(-1)}` : (names[0] ?? '');
}

/** The free uses left today, as a line's parts ("查词 3 次"); unlimited features say nothing. */
export function remainingUses(remain: Record<string, number | null> | undefined): string[] {
  if (!remain) return [];
  return Object.entries(remain)
    .filter(([feature, n]) => n !== null && feature in vipBenefits)
    .map(([feature, n]) => `${vipBenefits[feature as MeteredFeature].name} ${n} 次`);
}
