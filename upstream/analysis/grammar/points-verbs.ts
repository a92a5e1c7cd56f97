import { point } from './point';

/** 时态、语态、语气: the verb group's form. */
export const VERB_POINTS = [
  point({
    name: '一般现在时',
    category: '时态',
    summary: '表示经常性、习惯性的动作，现在的状态和客观事实。',
    definition: '一般现在时表示现在经常发生的动作、习惯、现在的状态，以及不受时间限制的客观真理。',
    structure: '- 主语 + 动词原形 / 第三人称单数（-s / -es）\n- be 动词用 am / is / are\n- 否定、疑问借助 do / does',
    usage:
      '- 常与 **always, usually, often, every day** 等频度词连用\n- 客观真理、科学事实一律用一般现在时\n- 在时间、条件状语从句中**用一般现在时表示将来**（主将从现）',
    pitfalls:
      '- 主语是第三人称单数时，动词别忘加 **-s / -es**\n- 用了 does 以后，后面的动词要还原：Does he **like**…（不是 likes）',
    examples: [
      ['The earth goes around the sun.', '地球绕着太阳转。'],
      ['She usually walks to school.', '她通常步行上学。'],
    ],
  }),
  point({
    name: '一般过去时',
    category: '时态',
    summary: '表示过去某个时间发生的动作或存在的状态。',
    definition: '一般过去时表示过去某一时间发生的动作或存在的状态，也表示过去经常、反复发生的动作。',
    structure: '- 主语 + 动词过去式（规则动词加 -ed，不规则动词要记）\n- be 动词用 was / were\n- 否定、疑问借助 did + 动词原形',
    usage:
      '- 常与 **yesterday, last week, in 2010, ... ago, just now** 等过去时间连用\n- 讲述过去依次发生的动作时，几个动词都用一般过去时',
    pitfalls:
      '- 有明确的过去时间就不能用现在完成时：I **saw** him yesterday.（不说 have seen）\n- did 之后用原形：Did you **go**…',
    examples: [
      ['I visited my grandparents last weekend.', '上周末我去看望了祖父母。'],
      ['He bought a new bike two days ago.', '两天前他买了一辆新自行车。'],
    ],
  }),
  point({
    name: '一般将来时',
    category: '时态',
    summary: '表示将来要发生的动作或存在的状态。',
    definition: '一般将来时表示将来某一时间要发生的动作或存在的状态，也表示打算、计划或预测。',
    structure: '- 主语 + **will / shall** + 动词原形\n- 主语 + **am / is / are going to** + 动词原形',
    usage:
      '- will 多表示临时决定或客观预测；be going to 多表示事先的打算或有迹象的预测\n- 常与 **tomorrow, next year, soon, in the future** 连用',
    pitfalls:
      '- 时间、条件状语从句里不用 will 表将来：If it **rains** tomorrow, we will stay at home.\n- be going to 中的 be 要随主语变化',
    examples: [
      ['We will have a test next Monday.', '下周一我们将有一次测验。'],
      ['I am going to visit my uncle this summer.', '今年夏天我打算去看望叔叔。'],
    ],
  }),
  point({
    name: '现在进行时',
    category: '时态',
    summary: '表示说话时或现阶段正在进行的动作。',
    definition: '现在进行时表示此时此刻或现阶段正在进行的动作，也可以表示按计划即将发生的动作。',
    structure: '- 主语 + **am / is / are** + 动词 -ing',
    usage:
      '- 常与 **now, at the moment, look, listen, these days** 连用\n- go, come, leave 等位移动词的进行时可表示按计划将要发生：He is leaving tomorrow.',
    pitfalls:
      '- 表示状态、感情的动词（know, like, want, belong）一般不用进行时\n- 不要漏掉 be：She **is** reading.（不说 She reading.）',
    examples: [
      ['Look, the children are playing football.', '看，孩子们正在踢足球。'],
      ['She is reading a novel now.', '她现在正在读一本小说。'],
    ],
  }),
  point({
    name: '过去进行时',
    category: '时态',
    summary: '表示过去某一时刻或某段时间正在进行的动作。',
    definition: '过去进行时表示过去某一时刻或某一段时间内正在进行的动作，常为另一个过去动作提供背景。',
    structure: '- 主语 + **was / were** + 动词 -ing',
    usage:
      '- 常与 **at that time, at eight last night, this time yesterday** 连用\n- 与 when / while 连用：长动作用过去进行时，短动作用一般过去时',
    pitfalls: '- while 后多接延续性动作（常用进行时），when 后可接短暂动作\n- was / were 要与主语一致',
    examples: [
      ['I was doing my homework at eight last night.', '昨晚八点我正在写作业。'],
      ['They were watching TV when the phone rang.', '电话响的时候他们正在看电视。'],
    ],
  }),
  point({
    name: '现在完成时',
    category: '时态',
    summary: '过去发生的动作对现在造成影响，或从过去持续到现在。',
    definition: '现在完成时表示过去发生的动作对现在产生的影响或结果，或者从过去开始一直持续到现在的动作或状态。',
    structure: '- 主语 + **have / has** + 过去分词',
    usage:
      '- 常与 **already, yet, just, ever, never, so far, recently** 连用\n- 表示持续时常用 **for + 时间段** 或 **since + 时间点**',
    pitfalls:
      '- 不能与 yesterday, last year, ago 等明确的过去时间连用\n- 短暂性动词（buy, die, leave）不能与 for / since 连用，要换成延续性说法：have had, have been dead\n- have been to（去过，已回来）≠ have gone to（去了，还没回来）',
    examples: [
      ['I have finished my homework.', '我已经完成了作业。'],
      ['She has lived here for ten years.', '她在这里住了十年了。'],
      ['Have you ever been to Beijing?', '你去过北京吗？'],
    ],
  }),
  point({
    name: '过去完成时',
    category: '时态',
    summary: '表示过去某一时间或动作之前已经完成的动作，即“过去的过去”。',
    definition: '过去完成时表示在过去某一时间或某一动作之前已经发生或完成的动作，强调“过去的过去”。',
    structure: '- 主语 + **had** + 过去分词',
    usage:
      '- 常与 **by + 过去时间、by the end of last year、before、when** 引导的过去时间连用\n- hardly / no sooner … 句型的主句常用过去完成时',
    pitfalls: '- 一定要有一个过去的参照点，否则用一般过去时即可\n- 用 before / after 已经表明先后时，也可以只用一般过去时',
    examples: [
      ['The train had left before we got to the station.', '我们到车站之前火车已经开走了。'],
      ['When we arrived, the film had already begun.', '我们到的时候，电影已经开始了。'],
    ],
  }),
  point({
    name: '现在完成进行时',
    category: '时态',
    summary: '表示从过去开始一直持续到现在、并可能继续下去的动作。',
    definition:
      '现在完成进行时表示从过去某时开始一直持续到现在的动作，这个动作可能刚刚停止，也可能还要继续下去，强调动作的持续过程。',
    structure: '- 主语 + **have / has been** + 动词 -ing',
    usage: '- 常与 **for + 时间段、since + 时间点、all day、these days** 连用\n- 带有感情色彩，常表示说话人的厌烦、抱怨',
    pitfalls: '- 状态动词（know, love）不用此时态，用现在完成时\n- 与现在完成时相比，它强调“一直在做”，而完成时强调“已经做完”',
    examples: [
      ['I have been waiting for you for two hours.', '我已经等了你两个小时了。'],
      ['It has been raining since last night.', '从昨晚起雨一直在下。'],
    ],
  }),
  point({
    name: '被动语态',
    category: '语态',
    summary: '主语是动作的承受者，用 be + 过去分词。',
    definition: '当主语是动作的承受者时用被动语态，表示“某事被做”。不知道或不必说出动作执行者时常用被动语态。',
    structure:
      '- **be + 过去分词**（be 随时态变化：is done, was done, will be done, has been done, is being done）\n- 动作执行者用 **by** 引出\n- 也可用 **get + 过去分词** 表示意外或结果',
    usage:
      '- 情态动词的被动：can / must / should **be done**\n- 双宾语变被动：He was given a book. / A book was given to him.\n- make / let / see 等在主动句中省略 to 的不定式，变被动时要**还原 to**：He was made **to** work.',
    pitfalls:
      '- 不及物动词和部分短语（happen, take place, break out）没有被动\n- be interested / be excited 多为系表结构（形容词），不是被动语态\n- 主动形式表被动：The book sells well.',
    examples: [
      ['English is spoken in many countries.', '很多国家都说英语。'],
      ['The bridge was built in 1990.', '这座桥建于1990年。'],
      ['He got hurt in the accident.', '他在事故中受了伤。'],
    ],
  }),
  point({
    name: '情态动词',
    category: '语气',
    summary: 'can, may, must, should 等，表示能力、许可、必要、推测等态度。',
    definition: '情态动词本身有一定词义，表示说话人的语气和态度（能力、许可、义务、必要、推测），不能单独作谓语，后接动词原形。',
    structure:
      '- 主语 + **can / could / may / might / must / should / would / need / ought to** + 动词原形\n- 对过去的推测：情态动词 + **have done**',
    usage:
      "- 能力：can / could；许可：may / can\n- 义务：must（主观）/ have to（客观）\n- 推测：must（肯定）> may / might（可能）> can't（不可能）\n- 建议：should / ought to",
    pitfalls:
      "- must 的否定回答用 **needn't / don't have to**，mustn't 表示“禁止”\n- 情态动词没有人称变化：He **can** swim.（不说 cans）",
    examples: [
      ['You must finish the work today.', '你今天必须完成这项工作。'],
      ['He can speak three languages.', '他会说三种语言。'],
      ['You should see a doctor.', '你应该去看医生。'],
    ],
  }),
  point({
    name: '虚拟语气',
    category: '语气',
    summary: '表示与事实相反的假设、愿望或建议，动词形式要“退一步”。',
    definition: '虚拟语气表示说话人的主观愿望、假设或建议，所说的不是事实或不大可能实现。',
    structure:
      '| 假设 | 从句 | 主句 |\n|---|---|---|\n| 与现在事实相反 | If + 过去式（be 用 were） | would / could / might + 动词原形 |\n| 与过去事实相反 | If + had done | would / could / might + have done |\n| 与将来事实相反 | If + should do / were to do | would + 动词原形 |\n\n- wish 后的宾语从句：过去式 / had done / would do\n- suggest, insist, order, demand 等 + that + 主语 + **(should) + 动词原形**\n- It is (high) time that + 过去式',
    usage:
      '- 省略 if 时把 were / had / should 提到主语前：**Had I known** …, **Were I** you …\n- as if / as though 后也常用虚拟\n- would have done 单用也表示“本来会……”',
    pitfalls:
      '- 虚拟条件句中 be 一律用 **were**（口语中 I / he 也可用 was）\n- insist 表示“坚持说（事实）”、suggest 表示“暗示”时不用虚拟',
    examples: [
      ['If I were you, I would take the job.', '如果我是你，我就接受这份工作。'],
      ['If I had known it, I would have told you.', '要是我早知道，我就告诉你了。'],
      ['I wish I were a bird.', '但愿我是一只鸟。'],
      ['The teacher suggested that we should read more.', '老师建议我们多读书。'],
    ],
  }),
  point({
    name: '祈使句',
    category: '句型',
    summary: '表示命令、请求、建议，通常省略主语 you，用动词原形开头。',
    definition: '祈使句用来表示命令、请求、劝告或建议，主语 you 通常省略，谓语用动词原形。',
    structure: "- 肯定：动词原形 + 其他（Open the door.）\n- 否定：**Don't / Never** + 动词原形\n- Let's / Let me + 动词原形",
    usage:
      "- 加 please 显得客气\n- “祈使句 + and / or + 陈述句”：Work hard, **and** you will succeed.\n- Let's 的反意疑问句用 shall we，其他祈使句用 will you",
    pitfalls: "- be 动词的祈使句否定用 **Don't be** …（不说 Not be）\n- 祈使句没有时态变化",
    examples: [
      ['Please open the window.', '请打开窗户。'],
      ["Don't be late for school.", '上学不要迟到。'],
      ["Let's go to the park.", '我们去公园吧。'],
    ],
  }),
];
