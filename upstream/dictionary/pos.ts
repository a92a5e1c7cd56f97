/**
 * Part-of-speech labels of the dictionary: the canonical labels the engine emits, their Chinese
 * names, the many spellings the data sources use for them (ECDICT `a.`/`vt.&vi.`, WordNet
 * `n v a s r`, wink-nlp's Universal POS tags), and a learner's explanation of each, written by us
 * for this project (no third-party text; the project's own licence applies).
 */

export interface PosLabel {
  /** Canonical label, as shown before a sense: `n.`, `vt.`, `adj.` … */
  label: string;
  /** Chinese name: 名词, 及物动词 … */
  name: string;
}

export interface PosExplanation {
  pos: string;
  name: string;
  /** Chinese, plain text with line breaks (a short markdown list at most). */
  explanation: string;
}

/** Every label the engine may emit, in the order a dictionary usually lists them. */
// biome-ignore format: a table, laid out by hand to be read as one
export const posLabels: readonly PosLabel[] = [
  { label: 'n.', name: '名词' },
  { label: 'v.', name: '动词' },
  { label: 'vt.', name: '及物动词' },
  { label: 'vi.', name: '不及物动词' },
  { label: 'adj.', name: '形容词' },
  { label: 'adv.', name: '副词' },
  { label: 'prep.', name: '介词' },
  { label: 'conj.', name: '连词' },
  { label: 'pron.', name: '代词' },
  { label: 'art.', name: '冠词' },
  { label: 'num.', name: '数词' },
  { label: 'int.', name: '感叹词' },
  { label: 'aux.', name: '助动词' },
  { label: 'det.', name: '限定词' },
  { label: 'phr.', name: '短语' },
  { label: 'abbr.', name: '缩写词' },
  { label: 'pref.', name: '前缀' },
  { label: 'suf.', name: '后缀' },
];

const byLabel = new Map(posLabels.map((p) => [p.label, p]));

/**
 * Spellings seen in the sources, lower-cased and without a trailing dot, mapped to a canonical
 * label. The data is inconsistent (ECDICT alone writes adjectives as `a.` and `adj.`, verbs as
 * `vt.vi.` and `vt.& vi.`), so every lookup goes through this table.
 */
// biome-ignore format: a table, laid out by hand to be read as one
const aliases: Record<string, string> = {
  // nouns
  n: 'n.', noun: 'n.', nn: 'n.', propn: 'n.', pl: 'n.', pla: 'n.', un: 'n.',
  // verbs
  v: 'v.', verb: 'v.', vbl: 'v.', pp: 'v.',
  'vt.vi': 'v.', 'vi.vt': 'v.', 'vt.& vi': 'v.', 'vt.&vi': 'v.', 'vi.& vt': 'v.', 'vi.&vt': 'v.',
  'vt. & vi': 'v.', 'vi. & vt': 'v.', 'vt./vi': 'v.', 'vi./vt': 'v.',
  vt: 'vt.', 'v.t': 'vt.', transitive: 'vt.',
  vi: 'vi.', 'v.i': 'vi.', intransitive: 'vi.',
  // adjectives (WordNet: a, and s for satellite adjectives)
  a: 'adj.', adj: 'adj.', adjective: 'adj.', s: 'adj.', 'adj. satellite': 'adj.',
  // adverbs (WordNet: r)
  adv: 'adv.', adverb: 'adv.', r: 'adv.', ad: 'adv.',
  prep: 'prep.', preposition: 'prep.', adp: 'prep.',
  conj: 'conj.', conjunction: 'conj.', cconj: 'conj.', sconj: 'conj.',
  pron: 'pron.', pronoun: 'pron.', pn: 'pron.',
  art: 'art.', article: 'art.',
  num: 'num.', numeral: 'num.', number: 'num.', quant: 'num.',
  int: 'int.', interj: 'int.', intj: 'int.', interjection: 'int.', exclam: 'int.',
  aux: 'aux.', auxiliary: 'aux.', modal: 'aux.',
  det: 'det.', determiner: 'det.',
  phr: 'phr.', phrase: 'phr.', st: 'phr.',
  abbr: 'abbr.', abbreviation: 'abbr.',
  pref: 'pref.', prefix: 'pref.', comb: 'pref.',
  suf: 'suf.', suff: 'suf.', suffix: 'suf.',
};

function normalizeSpelling(raw: string): string {
  return raw.trim().toLowerCase().replace(/\s+/g, ' ').replace(/\.$/, '');
}

/** The canonical label and Chinese name for any known spelling, else undefined. */
export function posOf(label: string): PosLabel | undefined {
  const key = normalizeSpelling(label);
  if (!key) return undefined;
  const direct = byLabel.get(`${key}.`);
  if (direct) return direct;
  const alias = aliases[key];
  return alias ? byLabel.get(alias) : undefined;
}

// biome-ignore format: a table, laid out by hand to be read as one
const explanations: Record<string, string> = {
  'n.':
    '名词表示人、事物、地点或抽象概念的名称，在句子中常作主语、宾语或表语。\n' +
    '识别方法：前面常有 a/an/the、my、this 等限定词或形容词，可数名词有复数形式（book → books）。\n' +
    '- The **bank** is closed today. 银行今天不营业。\n' +
    '- She has a good **idea**. 她有个好主意。',
  'v.':
    '动词表示动作或状态，是句子的核心，谓语部分离不开它。\n' +
    '识别方法：紧跟在主语后面，会随时态和人称变化（run → runs / ran / running）。同一个动词有时带宾语（及物），有时不带（不及物）。\n' +
    '- They **run** every morning. 他们每天早上跑步。\n' +
    '- She **runs** a small shop. 她经营一家小店。',
  'vt.':
    '及物动词是后面必须接宾语的动词：动作要落到某个人或某件事上，意思才完整。\n' +
    '识别方法：动词后面紧跟名词或代词作宾语，可以改成被动语态（The letter was written by him.）。\n' +
    '- He **wrote** a letter. 他写了一封信。（a letter 是宾语）\n' +
    '- Please **close** the door. 请关上门。',
  'vi.':
    '不及物动词本身意思就完整，后面不能直接接宾语；要引出对象时需加介词（如 listen **to** music）。\n' +
    '识别方法：动词后面是句号、副词或介词短语，而不是名词宾语；它没有被动语态。\n' +
    '- The baby is **sleeping**. 宝宝在睡觉。\n' +
    '- We **arrived** at the station. 我们到达了车站。（at 引出地点）',
  'adj.':
    '形容词描述名词的性质、状态或特征，回答“什么样的”。\n' +
    '识别方法：放在名词前面（a **tall** tree），或放在 be、look、feel 等系动词后面作表语；多数有比较级和最高级（tall → taller → tallest）。\n' +
    '- It is a **beautiful** day. 今天天气真好。\n' +
    '- The soup smells **good**. 汤闻起来很香。',
  'adv.':
    '副词修饰动词、形容词、其他副词或整个句子，说明方式、时间、地点、程度或频率。\n' +
    '识别方法：很多以 -ly 结尾（quickly, carefully），位置灵活，去掉后句子结构仍然完整。\n' +
    '- She speaks English **fluently**. 她英语说得很流利。\n' +
    '- I am **very** tired. 我非常累。',
  'prep.':
    '介词放在名词或代词前面，组成介词短语，表示时间、地点、方向、方式等关系。\n' +
    '识别方法：后面一定跟名词、代词或动名词（in the box, after school, by taking a bus）；介词后的代词用宾格（with **me**）。\n' +
    '- The cat is **under** the table. 猫在桌子底下。\n' +
    '- We met **in** 2020. 我们在 2020 年相识。',
  'conj.':
    '连词用来连接词、短语或句子，表示并列、转折、因果、条件等关系。\n' +
    '识别方法：并列连词 and、but、or 连接地位相同的成分；从属连词 because、if、although、when 引导从句。\n' +
    '- I like tea **and** coffee. 我喜欢茶和咖啡。\n' +
    '- Stay home **if** it rains. 如果下雨就待在家里。',
  'pron.':
    '代词用来代替名词，避免重复，包括人称代词、物主代词、指示代词、疑问代词等。\n' +
    '识别方法：可以独立充当主语或宾语（I, me, it, this, who, everyone），人称代词作主语和宾语时形式不同（he / him）。\n' +
    '- **She** gave **it** to **me**. 她把它给了我。\n' +
    '- **Who** is calling? 谁在打电话？',
  'art.':
    '冠词放在名词前面，说明所指是泛指还是特指。英语只有三个：a、an（不定冠词）和 the（定冠词）。\n' +
    '识别方法：a 用在辅音音素前，an 用在元音音素前（an hour）；第一次提到用 a/an，再次提到或双方都知道的用 the。\n' +
    '- I saw **a** dog. **The** dog was black. 我看见一条狗，那条狗是黑色的。\n' +
    '- She is **an** engineer. 她是一名工程师。',
  'num.':
    '数词表示数量或顺序，分为基数词（one, two, hundred）和序数词（first, second, third）。\n' +
    '识别方法：常放在名词前面，序数词前通常加 the；表示日期、年份、分数时也要用到它。\n' +
    '- There are **three** apples. 有三个苹果。\n' +
    '- He finished **first**. 他得了第一名。',
  'int.':
    '感叹词表达喜悦、惊讶、痛苦、犹豫等情绪，或用来打招呼、应答，不与句中其他词发生语法关系。\n' +
    '识别方法：常单独出现在句首，后面跟逗号或感叹号（Oh! Wow! Hello!）。\n' +
    '- **Oh**, I forgot my keys! 哎呀，我忘带钥匙了！\n' +
    '- **Wow**, that is amazing. 哇，太棒了。',
  'aux.':
    '助动词帮助主要动词构成时态、语态、否定句和疑问句，或表达能力、可能、义务等语气（情态动词）。\n' +
    '识别方法：be、do、have 以及 can、will、must、should 等放在主要动词前面；变疑问句时提到主语前面，否定时后面加 not。\n' +
    '- **Do** you like music? 你喜欢音乐吗？\n' +
    '- She **can** swim. 她会游泳。',
  'det.':
    '限定词放在名词前面，限定名词所指的范围或数量，包括冠词、指示词、物主词和数量词（this, my, some, every, many）。\n' +
    '识别方法：位于形容词之前（**my** new car），一个名词前通常只用一个这类词。\n' +
    '- **This** book is mine. 这本书是我的。\n' +
    '- **Every** student has a dictionary. 每个学生都有一本词典。',
  'phr.':
    '短语是由几个词固定搭配而成的表达，整体表示一个意思，往往不能逐词翻译。\n' +
    '识别方法：动词 + 介词/副词（take off, look forward to）、介词短语（in spite of）等经常一起出现；查词时要把整组词一起理解。\n' +
    '- The plane **took off** on time. 飞机准时起飞。\n' +
    '- I **look forward to** seeing you. 我期待见到你。',
  'abbr.':
    '缩写词是把较长的词或词组缩短后的形式，读法有的逐个字母读，有的像单词一样读。\n' +
    '识别方法：常全部大写或带句点（UN, Dr., etc.），在句中按原词的词性使用。\n' +
    '- She works for the **UN**. 她在联合国工作。\n' +
    '- **Dr.** Smith is here. 史密斯医生来了。',
  'pref.':
    '前缀是加在词根或单词前面的构词成分，本身不能单独使用，会改变词义（常表示否定、方向、程度等）。\n' +
    '识别方法：在单词开头，去掉后剩下的部分往往是一个认识的词（**un**happy → happy）。\n' +
    '- It is **im**possible. 这不可能。\n' +
    '- Please **re**write it. 请重写一遍。',
  'suf.':
    '后缀是加在词根或单词后面的构词成分，本身不能单独使用，主要改变词性（如动词变名词、形容词变副词）。\n' +
    '识别方法：在单词结尾，-tion、-ment、-ness 多构成名词，-able、-ful、-ous 多构成形容词，-ly 多构成副词。\n' +
    '- His **kindness** moved us. 他的善良感动了我们。\n' +
    '- She walked **slowly**. 她慢慢地走着。',
};

/** The Chinese explanation of a part of speech, for any spelling posOf accepts; else undefined. */
export function explainPos(pos: string): PosExplanation | undefined {
  const found = posOf(pos);
  if (!found) return undefined;
  const explanation = explanations[found.label];
  return explanation ? { pos: found.label, name: found.name, explanation } : undefined;
}
