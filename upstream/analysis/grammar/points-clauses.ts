import { point } from './point';

const adverbial = (name: string, kind: string, words: string, usage: string, pitfalls: string, examples: [string, string][]) =>
  point({
    name,
    category: '从句',
    summary: `在复合句中作${kind}状语的从句，常用 ${words} 引导。`,
    definition: `${name}在句中作状语，说明主句动作的${kind}。从句可放在主句前（常用逗号隔开），也可放在主句后。`,
    structure: `- 连接词：**${words}**\n- 连接词 + 主语 + 谓语 …, 主句`,
    usage,
    pitfalls,
    examples,
  });

/** 从句: noun, relative and adverbial clauses. */
export const CLAUSE_POINTS = [
  point({
    name: '定语从句',
    category: '从句',
    summary: '修饰名词或代词的从句，由关系代词或关系副词引导。',
    definition: '定语从句在句中作定语，修饰前面的名词或代词（先行词）。引导定语从句的关系词在从句中充当成分。',
    structure:
      '- 先行词 + **关系代词**（who, whom, whose, which, that）+ 从句\n- 先行词 + **关系副词**（when, where, why）+ 从句\n- 介词 + which / whom：the house **in which** I live',
    usage:
      '- 指人用 who / whom / that，指物用 which / that，所属关系用 whose\n- 关系代词在从句中作宾语时可以省略\n- 先行词被 all, the only, the very, 最高级、序数词修饰时只用 **that**',
    pitfalls:
      '- 关系词已经充当成分，从句中不能再重复：the book that I bought **it**（✗）\n- 判断用关系代词还是关系副词，要看从句缺不缺主语、宾语',
    examples: [
      ['The man who lives next door is a doctor.', '住在隔壁的那个人是一名医生。'],
      ['This is the book that I bought yesterday.', '这就是我昨天买的书。'],
    ],
  }),
  point({
    name: '非限制性定语从句',
    category: '从句',
    summary: '用逗号与先行词隔开，对先行词作补充说明的定语从句。',
    definition: '非限制性定语从句与主句之间用逗号隔开，只对先行词作补充说明，去掉后主句意思仍然完整。',
    structure: '- 先行词 + **, who / whom / whose / which / where / when** + 从句\n- **, which** 还可以指代前面整个句子',
    usage: '- 不能用 that 引导，关系词也不能省略\n- 指代整个主句时用 which，也可用 as（as 可放句首）',
    pitfalls: '- 非限制性定语从句不用 that：My father, **who** is a teacher, …（不说 that）\n- 翻译时常译成并列句',
    examples: [
      ['My brother, who lives in Paris, is a doctor.', '我哥哥住在巴黎，他是一名医生。'],
      ['He passed the exam, which made his parents happy.', '他通过了考试，这让他父母很高兴。'],
    ],
  }),
  point({
    name: '关系副词',
    category: '从句',
    summary: 'when, where, why 引导定语从句，在从句中作时间、地点、原因状语。',
    definition: '关系副词 when、where、why 引导定语从句，分别修饰表示时间、地点、原因的先行词，并在从句中作状语。',
    structure: '- 时间名词 + **when** + 完整从句\n- 地点名词 + **where** + 完整从句\n- the reason + **why** + 完整从句',
    usage:
      '- 关系副词相当于“介词 + which”：where = in / at which，when = on / in which，why = for which\n- 从句结构完整（不缺主语、宾语）时才用关系副词',
    pitfalls:
      '- 先行词是地点，但从句缺宾语时要用 which / that：This is the factory **that** we visited.\n- the reason 后从句缺主语或宾语时用 that / which',
    examples: [
      ['This is the house where I was born.', '这就是我出生的房子。'],
      ['I still remember the day when we first met.', '我仍然记得我们初次见面的那一天。'],
      ['That is the reason why he left.', '那就是他离开的原因。'],
    ],
  }),
  point({
    name: '宾语从句',
    category: '从句',
    summary: '在复合句中作动词或介词宾语的从句。',
    definition: '宾语从句在句中充当宾语，最常见的是跟在 think, know, say, wonder, ask 等动词后面。',
    structure:
      '- 主句动词 + **that**（可省略）+ 陈述句\n- 主句动词 + **if / whether** + 陈述句（“是否”）\n- 主句动词 + **特殊疑问词** + 陈述句语序',
    usage:
      "- 宾语从句一律用**陈述句语序**\n- 主句是过去时，从句一般用相应的过去时态；客观真理仍用一般现在时\n- think, believe 等的否定要前移：I **don't think** he is right.",
    pitfalls:
      "- 不能写成疑问语序：I don't know where **he lives**.（不说 where does he live）\n- 介词后和 whether…or not 中只能用 whether，不用 if",
    examples: [
      ['I think that he is right.', '我认为他是对的。'],
      ["I don't know whether he will come.", '我不知道他是否会来。'],
      ['Can you tell me where the station is?', '你能告诉我车站在哪儿吗？'],
    ],
  }),
  point({
    name: '主语从句',
    category: '从句',
    summary: '在复合句中作主语的从句。',
    definition: '主语从句在句中充当主语。从句作主语时谓语动词一般用单数；为避免头重脚轻，常用 it 作形式主语，把从句放到句末。',
    structure:
      '- **That / Whether / What / Who / How …** + 从句 + 谓语 …\n- **It** + be + 形容词 / 名词 / 过去分词 + **that** 从句\n- It seems / happens / appears + that 从句',
    usage: '- what 在从句中作成分，意为“……的东西 / 事”；that 不作成分，也不能省略\n- whether 引导的主语从句可以放句首，if 不可以',
    pitfalls: '- 放在句首的 that 不能省略\n- 主语从句后的谓语一般用单数：What he said **is** true.',
    examples: [
      ['What he said is true.', '他说的是真的。'],
      ['It is necessary that we finish the work today.', '我们今天完成这项工作是必要的。'],
    ],
  }),
  point({
    name: '表语从句',
    category: '从句',
    summary: '放在系动词后面作表语的从句。',
    definition: '表语从句位于系动词（be, seem, look 等）之后，说明主语是什么、怎么样。',
    structure: '- 主语 + 系动词 + **that / whether / what / why / how / because / as if** + 从句',
    usage:
      '- The reason is that …（不说 The reason is because …）\n- That is why …（结果）与 That is because …（原因）要分清\n- seem / look / sound + as if 引导表语从句',
    pitfalls: '- that 引导表语从句时一般不省略\n- 表语从句也用陈述句语序',
    examples: [
      ['The problem is that we have no money.', '问题是我们没有钱。'],
      ['That is why he was late.', '那就是他迟到的原因。'],
      ['It looks as if it is going to rain.', '看起来好像要下雨了。'],
    ],
  }),
  point({
    name: '同位语从句',
    category: '从句',
    summary: '跟在 fact, news, idea 等抽象名词后，说明该名词具体内容的从句。',
    definition:
      '同位语从句跟在抽象名词（fact, news, idea, belief, hope, suggestion, possibility 等）后面，解释说明这个名词的具体内容。',
    structure: '- 抽象名词 + **that** + 完整的陈述句\n- 抽象名词 + **whether / how / when …** + 从句',
    usage:
      '- 与定语从句的区别：同位语从句的 that 不作成分、不能省略，从句结构完整；定语从句的 that 在从句中作主语或宾语\n- 同位语从句可与名词隔开：The news came **that** he had won.',
    pitfalls:
      '- The news **that he told me** 是定语从句（told 缺宾语）；The news **that he had won** 是同位语从句\n- 表“是否”时用 whether，不用 if',
    examples: [
      ['The news that he had won the prize surprised us.', '他获奖的消息让我们很吃惊。'],
      ['We must face the fact that our time is limited.', '我们必须面对时间有限这个事实。'],
    ],
  }),
  adverbial(
    '时间状语从句',
    '时间',
    'when, while, before, after, until, since, as soon as, once',
    '- **主将从现**：主句是将来时，从句用一般现在时表将来\n- since 引导的从句用一般过去时，主句多用现在完成时\n- not … until 表示“直到……才”',
    '- when 可接短暂或延续动作，while 只接延续动作\n- 从句中不用 will：When he **comes**, I will tell him.',
    [
      ['When I got home, it was raining.', '我到家的时候，正在下雨。'],
      ['Please wait here until I come back.', '请在这里等到我回来。'],
      ['I have lived here since I was a child.', '我从小就住在这里。'],
    ],
  ),
  adverbial(
    '原因状语从句',
    '原因',
    'because, since, as, now that',
    '- because 语气最强，回答 why 的提问\n- since / as / now that 表示双方已知的原因，多放句首',
    '- because 和 so 不能同时使用\n- because of 后接名词或短语，不接从句',
    [
      ['Because it rained, we stayed at home.', '因为下雨，我们待在了家里。'],
      ['Since you are busy, I will do it myself.', '既然你很忙，我就自己做吧。'],
    ],
  ),
  adverbial(
    '条件状语从句',
    '条件',
    'if, unless, as long as, in case, provided that',
    '- 真实条件句遵循**主将从现**\n- unless = if … not\n- 与事实相反的条件用虚拟语气',
    '- 条件从句里不用 will 表将来\n- unless 本身已含否定，从句中不再加 not',
    [
      ['If it rains tomorrow, we will stay at home.', '如果明天下雨，我们就待在家里。'],
      ['You will fail unless you work hard.', '除非你努力，否则你会失败。'],
      ['You can go out as long as you finish your homework.', '只要你完成作业，就可以出去。'],
    ],
  ),
  adverbial(
    '让步状语从句',
    '让步',
    'although, though, even if, even though, no matter what / how, whatever, however',
    '- although / though 不能和 but 连用，但可以与 yet / still 连用\n- “形容词 / 名词 / 动词 + as / though + 主语 + 谓语”表示让步，且要倒装：Young as he is, …\n- no matter what = whatever',
    '- 中文说“虽然……但是……”，英语只能二选一\n- as 表让步时必须倒装，though 可倒装也可不倒装',
    [
      ['Although he is poor, he is happy.', '他虽然穷，但很快乐。'],
      ['Even if it rains, we will go.', '即使下雨我们也要去。'],
    ],
  ),
  adverbial(
    '结果状语从句',
    '结果',
    'so … that, such … that',
    '- so + 形容词 / 副词 + that\n- such + (a / an) + 形容词 + 名词 + that\n- so 修饰 many / much / few / little + 名词',
    '- so 后接形容词，such 后接名词：**so** interesting a book = **such** an interesting book\n- so that 前有逗号、从句无情态动词时多表结果',
    [
      ['He was so tired that he fell asleep at once.', '他太累了，立刻就睡着了。'],
      ['It was such a hot day that we stayed inside.', '那天太热了，我们待在屋里。'],
    ],
  ),
  adverbial(
    '目的状语从句',
    '目的',
    'so that, in order that',
    '- 从句中常有情态动词 **can / could / may / might / will / would**\n- 主从句主语一致时可改为 in order to / so as to + 动词原形',
    '- so that 表目的时从句多含情态动词，不含时常表结果\n- in order that 可放句首，so that 不放句首',
    [
      ['He studies hard so that he can pass the exam.', '他努力学习，以便能通过考试。'],
      ['Speak louder so that everyone can hear you.', '说大声点，以便大家都能听见。'],
    ],
  ),
  adverbial(
    '比较状语从句',
    '比较',
    'than, as … as',
    '- than 和 as 后的从句常省略与主句相同的部分：He is taller than I (am).\n- 比较对象要一致：The weather here is warmer than **that** in Beijing.',
    '- 比较的对象要对等，常借 that / those 代替前面的名词\n- 从句中助动词要与主句时态对应',
    [
      ['He is older than I am.', '他比我年纪大。'],
      ['She runs as fast as I do.', '她跑得和我一样快。'],
    ],
  ),
  adverbial(
    '方式状语从句',
    '方式',
    'as, as if, as though',
    '- as 意为“按照……的方式”：Do as I told you.\n- as if / as though 意为“好像”，与事实相反时用虚拟语气',
    '- look / seem / sound as if 引导的是表语从句，不是方式状语从句\n- as if 后接虚拟时 be 多用 were',
    [
      ['Do as I told you.', '照我说的去做。'],
      ['He talks as if he knows everything.', '他说话的样子好像什么都知道。'],
    ],
  ),
  adverbial(
    '地点状语从句',
    '地点',
    'where, wherever',
    '- where 引导地点状语从句时前面没有先行词\n- wherever 意为“无论哪里”',
    '- 有表示地点的先行词时，where 引导的是定语从句：This is the place **where** …\n- where 作状语从句时，前面常是完整的主句或放句首',
    [
      ['Where there is a will, there is a way.', '有志者，事竟成。'],
      ['I will wait where I can see you.', '我会在能看见你的地方等着。'],
    ],
  ),
];
