import { point } from './point';

/** 非谓语动词、特殊句式、比较、句子成分、句型. */
export const PATTERN_POINTS = [
  point({
    name: '不定式',
    category: '非谓语动词',
    summary: 'to + 动词原形，可作主语、宾语、表语、定语、状语和宾补。',
    definition: '不定式由 to + 动词原形构成，没有人称和数的变化，常表示目的、将来或具体的一次动作。',
    structure: '- 一般式 **to do**；进行式 to be doing；完成式 to have done；被动式 to be done\n- 否定：**not to do**',
    usage:
      '- 作宾语：want / hope / decide / plan **to do**\n- 作目的状语：He got up early **to catch** the bus.\n- too … to … 表示“太……而不能……”\n- make / let / see / hear 后作宾补时省略 to，被动时还原 to',
    pitfalls: '- enjoy, finish, mind, practise 后接动名词，不接不定式\n- stop to do（停下来去做）≠ stop doing（停止做）',
    examples: [
      ['I want to go home.', '我想回家。'],
      ['He got up early to catch the first bus.', '他早起去赶头班车。'],
    ],
  }),
  point({
    name: '动名词',
    category: '非谓语动词',
    summary: '动词 -ing 形式作名词用，可作主语、宾语、表语。',
    definition: '动名词是动词的 -ing 形式，具有名词的性质，在句中作主语、宾语（包括介词宾语）、表语或定语。',
    structure: '- doing；否定 **not doing**；被动 being done；完成 having done\n- 逻辑主语：物主代词 / 名词所有格 + doing',
    usage:
      '- 作主语：**Swimming** is good for health.\n- 作宾语：enjoy / finish / mind / practise / avoid / keep **doing**\n- 介词后用动名词：be good at **swimming**, look forward to **hearing**',
    pitfalls:
      '- look forward to, be used to, pay attention to 中的 to 是介词，后接 doing\n- 与现在分词区分：动名词表“用途”，现在分词表“动作正在进行”（a sleeping bag / a sleeping baby）',
    examples: [
      ['Swimming is good for your health.', '游泳对你的健康有好处。'],
      ['He is good at playing the piano.', '他擅长弹钢琴。'],
      ['My hobby is collecting stamps.', '我的爱好是集邮。'],
    ],
  }),
  point({
    name: '现在分词',
    category: '非谓语动词',
    summary: '动词 -ing 形式作形容词或副词用，表示主动、进行。',
    definition: '现在分词表示主动或正在进行的动作，在句中作定语、状语或宾语补足语。',
    structure: '- doing；完成式 **having done**（动作在谓语之前）；否定 not doing',
    usage:
      '- 作定语：The girl **standing** there is my sister.\n- 作状语（时间、原因、伴随、结果）：**Hearing** the news, she cried.\n- 作宾补：I saw him **crossing** the street.',
    pitfalls: '- 分词作状语时，它的逻辑主语必须是句子的主语\n- 与主语是被动关系时要用过去分词',
    examples: [
      ['The girl standing there is my sister.', '站在那儿的女孩是我妹妹。'],
      ['Having finished the work, he went home.', '做完工作后，他回家了。'],
    ],
  }),
  point({
    name: '过去分词',
    category: '非谓语动词',
    summary: '表示被动或完成，可作定语、状语、表语和宾补。',
    definition: '过去分词表示被动或已完成的动作，在句中作定语、状语、表语或宾语补足语。',
    structure: '- done（规则动词加 -ed，不规则动词要记）',
    usage:
      '- 作定语：the book **written** by him\n- 作状语：**Seen** from the hill, the town looks beautiful.\n- 作宾补：I had my hair **cut**. / He found the door **locked**.',
    pitfalls: '- 与逻辑主语是被动关系用过去分词，主动关系用现在分词\n- 单个分词作定语一般前置，分词短语作定语后置',
    examples: [
      ['The book written by him is very popular.', '他写的那本书很受欢迎。'],
      ['Seen from the hill, the town looks beautiful.', '从山上看，这个小镇很美。'],
    ],
  }),
  point({
    name: '独立主格',
    category: '非谓语动词',
    summary: '名词 / 代词 + 分词、形容词、介词短语等，独立作状语。',
    definition:
      '独立主格结构由名词或代词加上非谓语动词、形容词、副词或介词短语构成，它有自己的逻辑主语，和句子主语不同，在句中作状语。',
    structure:
      '- 名词 / 代词 + doing（主动）/ done（被动）/ to do（将来）\n- 名词 / 代词 + 形容词 / 副词 / 介词短语\n- **with / without** + 宾语 + 宾补',
    usage:
      '- 表示时间、原因、条件或伴随：**Weather permitting**, we will go.\n- 常见固定说法：all things considered, time permitting',
    pitfalls: '- 独立主格中不能有谓语动词，加了谓语就要用连词连成从句\n- 逻辑主语与分词是主动关系用 doing，被动关系用 done',
    examples: [
      ['The work done, we went home.', '工作做完了，我们就回家了。'],
      ['Time permitting, we will visit the museum.', '如果时间允许，我们将参观博物馆。'],
      ['With the door open, he fell asleep.', '他开着门睡着了。'],
    ],
  }),
  point({
    name: '强调句',
    category: '特殊句式',
    summary: 'It is / was + 被强调部分 + that / who + 其他，强调句子的某个成分。',
    definition: '强调句用 It is / was … that / who … 的结构来突出句中的主语、宾语或状语（不能强调谓语）。',
    structure:
      '- **It is / was + 被强调部分 + that / who + 句子其余部分**\n- 疑问式：Is it … that …? / 特殊疑问词 + is it that …?\n- not until 的强调：It was **not until** … **that** …',
    usage: '- 判断方法：去掉 It is / was 和 that，句子仍然完整，就是强调句\n- 被强调的是人时可用 who，其他情况用 that',
    pitfalls:
      '- 强调地点、时间状语时也用 that，不用 where / when\n- 与“It 作形式主语”的句型区别：It is important that … 去掉框架后不成句',
    examples: [
      ['It was John who broke the window.', '打破窗户的正是约翰。'],
      ['It was in 2008 that he came to Beijing.', '他是在2008年来到北京的。'],
    ],
  }),
  point({
    name: '倒装句',
    category: '特殊句式',
    summary: '把谓语（或助动词）放到主语前面，分部分倒装和全部倒装。',
    definition:
      '倒装句把谓语的全部或一部分放到主语之前。只把助动词、情态动词或 be 提前的叫部分倒装，把整个谓语提前的叫全部倒装。',
    structure:
      '- **部分倒装**：否定词（never, seldom, hardly, little, not until, no sooner）/ only + 状语 放句首 + 助动词 + 主语 + 谓语\n- so / neither / nor + 助动词 + 主语（“……也是 / 也不”）\n- so + 形容词 + be + 主语 + that …\n- **全部倒装**：here / there / out / in 等副词或地点状语放句首 + 谓语动词 + 主语（名词）',
    usage:
      '- Only 修饰主语时不倒装：Only he knows the answer.\n- 虚拟条件句省略 if 时倒装：Had I known …, Were I you …\n- 全部倒装中主语是代词时不倒装：Here **he comes**.',
    pitfalls:
      '- 部分倒装只提前助动词，主要动词不动：Never **have I seen** …\n- not until 放句首时，倒装在主句：Not until he came **did I leave**.',
    examples: [
      ['Never have I seen such a beautiful sunset.', '我从未见过如此美丽的日落。'],
      ['Only then did he realise his mistake.', '直到那时他才意识到自己的错误。'],
      ['Here comes the bus.', '公共汽车来了。'],
    ],
  }),
  point({
    name: '形式主语',
    category: '特殊句式',
    summary: '用 it 代替句末真正的主语（不定式、动名词、从句）。',
    definition: '当主语是不定式、动名词或从句且较长时，常用 it 作形式主语放在句首，而把真正的主语放到句末，使句子平衡。',
    structure:
      '- **It + be + 形容词 / 名词 + (for / of sb) + to do**\n- It + be + 形容词 / 名词 + that 从句\n- It takes sb some time to do …\n- It is no use / no good doing …',
    usage:
      '- 形容词描述人的品质（kind, nice, clever）时用 **of sb**，其他用 for sb\n- It seems / happens that … 中的 it 也是形式主语',
    pitfalls: '- 不要与强调句混淆：形式主语句去掉 It is … that 后不成句\n- 形式主语 it 不能换成 this / that',
    examples: [
      ['It is important to learn English well.', '学好英语很重要。'],
      ['It took me two hours to finish the work.', '我花了两个小时完成这项工作。'],
    ],
  }),
  point({
    name: '形式宾语',
    category: '特殊句式',
    summary: '用 it 代替后面真正的宾语（不定式、从句），常在宾补之前。',
    definition: '当宾语是不定式、动名词或从句且带有宾语补足语时，用 it 作形式宾语，把真正的宾语放到宾补之后。',
    structure: '- **find / think / make / consider / feel + it + 形容词 / 名词 + to do / that 从句**',
    usage: '- I find **it** hard to learn math.\n- He made **it** clear that he would not come.',
    pitfalls: '- 这里的 it 不能省略，也不能用 this / that 代替\n- 真正的宾语在句末，翻译时要先译它',
    examples: [
      ['I find it difficult to get up early.', '我发现早起很难。'],
      ['He made it clear that he would not come.', '他明确表示他不会来。'],
    ],
  }),
  point({
    name: 'there be 句型',
    category: '句型',
    summary: '表示“某地有某物 / 某人”，be 与后面的主语保持一致。',
    definition: 'there be 句型表示“存在”，意为“某处有某物（某人）”。there 是引导词，句子真正的主语在 be 之后。',
    structure:
      '- **There + be + 主语 + 地点 / 时间状语**\n- 各种时态：there was / there will be / there has been / there is going to be',
    usage:
      "- be 的单复数遵循**就近原则**：There **is** a pen and two books on the desk.\n- 反意疑问句用 there：There is a book, **isn't there**?",
    pitfalls:
      '- there be 与 have 不能同时使用：There **are** many people（不说 There have）\n- 表示“将会有”用 there will be，不说 there will have',
    examples: [
      ['There is a book on the desk.', '桌子上有一本书。'],
      ['There will be a meeting tomorrow.', '明天将有一个会议。'],
    ],
  }),
  point({
    name: '强调谓语动词',
    category: '特殊句式',
    summary: '在动词原形前加 do / does / did，加强语气，意为“确实、务必”。',
    definition: '在肯定句的谓语动词原形前加助动词 do / does / did 来强调谓语，意为“的确、确实、务必”。',
    structure: '- 主语 + **do / does / did + 动词原形**\n- 祈使句：**Do** + 动词原形（务必）',
    usage: '- 只用于一般现在时和一般过去时的肯定句\n- 时态、人称由 do 承担，后面的动词用原形',
    pitfalls: '- did 后不能再用过去式：He **did come**.（不说 did came）\n- 强调谓语不能用 It is … that 强调句',
    examples: [
      ['I do like this film.', '我确实喜欢这部电影。'],
      ['He did come to the party yesterday.', '他昨天确实来参加聚会了。'],
    ],
  }),
  point({
    name: '省略',
    category: '特殊句式',
    summary: '为避免重复、使句子简洁，省去句子的某些部分。',
    definition: '省略是为了避免重复、使语言简洁，把句子中可以从上下文推知的部分省去。',
    structure:
      "- 状语从句的省略：when / while / if / though / unless + 分词 / 形容词 / 介词短语（从句主语与主句一致且含 be）\n- 不定式的省略：只保留 to：I'd like **to**.\n- if possible, if necessary, when asked 等固定结构",
    usage: '- 状语从句省略的条件：从句主语与主句主语相同，且从句谓语含 be\n- 比较从句常省略与主句相同的部分',
    pitfalls:
      '- 从句主语与主句不同时不能省略\n- 省略后分词的选择看它与主语的主动 / 被动关系：When **asked**, … / While **walking**, …',
    examples: [
      ['When asked about it, he said nothing.', '当被问及此事时，他什么也没说。'],
      ['Call me if necessary.', '如有必要就给我打电话。'],
    ],
  }),
  point({
    name: '并列句',
    category: '句型',
    summary: '由 and, but, or, so 等并列连词连接两个或以上的简单句。',
    definition: '并列句由两个或两个以上的简单句用并列连词（and, but, or, so, yet）或分号连接而成，各分句地位平等。',
    structure: '- 简单句 + **, and / but / or / so / yet** + 简单句\n- 祈使句 + and / or + 陈述句',
    usage:
      '- and 表顺承或并列，but / yet 表转折，or 表选择或“否则”，so 表结果\n- not only … but also …, either … or …, neither … nor … 也可连接分句',
    pitfalls: '- because 与 so、although 与 but 不能同时使用\n- 两个分句之间只用逗号不用连词是错误的',
    examples: [
      ['He likes tea, but his wife likes coffee.', '他喜欢茶，而他妻子喜欢咖啡。'],
      ['It was late, so we went home.', '天晚了，所以我们回家了。'],
    ],
  }),
  point({
    name: '比较级',
    category: '比较',
    summary: '形容词、副词的比较级表示两者之间的比较，常与 than 连用。',
    definition: '形容词或副词的比较级用于两者之间的比较，表示“更……”。',
    structure:
      '- 单音节和部分双音节词：**-er**（taller, bigger, easier）\n- 多音节词：**more / less + 原级**\n- 不规则：good / well → better，bad → worse，many / much → more，little → less，far → farther / further\n- A + 比较级 + **than** + B',
    usage: '- 修饰比较级用 **much, even, far, a little, still**，不用 very\n- 比较级 + and + 比较级：越来越……',
    pitfalls:
      '- 比较对象要一致：The population of China is larger than **that of** Japan.\n- than 后的人称代词可用宾格或主格 + 助动词：than me / than I am',
    examples: [
      ['He is taller than his brother.', '他比他哥哥高。'],
      ['This book is more interesting than that one.', '这本书比那本有趣。'],
    ],
  }),
  point({
    name: '最高级',
    category: '比较',
    summary: '表示三者或三者以上中“最……”，通常前面加 the。',
    definition: '形容词或副词的最高级用于三者或三者以上之间的比较，表示“最……”。',
    structure:
      '- the + **-est**（the tallest）\n- the + **most / least** + 原级\n- 不规则：best, worst, most, least, farthest / furthest\n- 范围：in + 地点 / 集体，of / among + 同类',
    usage: '- one of the + 最高级 + 复数名词\n- 比较级 + than any other + 单数名词 = 最高级',
    pitfalls:
      '- 形容词最高级前要加 the，物主代词可代替 the：my best friend\n- most 前没有 the 时意为“非常”或“大多数”：a most interesting book',
    examples: [
      ['This is the most beautiful park in our city.', '这是我们城市里最美的公园。'],
      ['He is the tallest student in our class.', '他是我们班最高的学生。'],
    ],
  }),
  point({
    name: '同级比较',
    category: '比较',
    summary: 'as + 原级 + as，表示两者程度相同。',
    definition: '同级比较用 as + 形容词 / 副词原级 + as 表示两者在某方面程度相同；否定用 not as / so … as。',
    structure: '- A + **as + 原级 + as** + B\n- 否定：A + **not as / so + 原级 + as** + B\n- 倍数：A + 倍数 + as + 原级 + as + B',
    usage: '- as … as possible / as … as one can：尽可能……\n- the same as：与……一样',
    pitfalls: '- 两个 as 之间只能用**原级**，不用比较级\n- as 后有名词时：as **many** books as, as **much** money as',
    examples: [
      ['She is as tall as her mother.', '她和她妈妈一样高。'],
      ['This room is not so big as that one.', '这个房间没有那个大。'],
    ],
  }),
  point({
    name: 'the + 比较级, the + 比较级',
    category: '比较',
    summary: '“越……，就越……”，前后两个比较级都带 the。',
    definition: '“the + 比较级 …, the + 比较级 …”表示一方随另一方的变化而变化，意为“越……，就越……”。',
    structure: '- **The + 比较级 + 主语 + 谓语, the + 比较级 + 主语 + 谓语**',
    usage: '- 前半句常用一般现在时表将来，后半句可用将来时\n- 可以省略为短语：The sooner, the better.',
    pitfalls: '- 两个 the 都不能省略，也不能换成 more and more\n- 比较级修饰名词时要一起提前：The **more books** you read, …',
    examples: [
      ['The more you read, the more you learn.', '你读得越多，学到的就越多。'],
      ['The harder you work, the luckier you become.', '你越努力，就越幸运。'],
    ],
  }),
  point({
    name: '双宾语',
    category: '句子成分',
    summary: '动词后接间接宾语（人）和直接宾语（物）两个宾语。',
    definition: '有些及物动词（give, show, send, buy, tell 等）后面可以接两个宾语：指人的间接宾语和指物的直接宾语。',
    structure: '- 主语 + 动词 + **间接宾语（人）+ 直接宾语（物）**\n- 改写：动词 + 直接宾语 + **to / for** + 间接宾语',
    usage: '- 用 to 的动词：give, show, send, lend, pass, tell, teach, hand\n- 用 for 的动词：buy, make, cook, get, sing',
    pitfalls:
      '- 直接宾语是代词时，只能用 to / for 结构：Give **it to me**.（不说 Give me it）\n- 与“宾语 + 宾补”区别：We made him our monitor（他 = 班长，是宾补）',
    examples: [
      ['He gave me a book.', '他给了我一本书。'],
      ['My mother bought me a new coat.', '妈妈给我买了一件新外套。'],
    ],
  }),
  point({
    name: '宾语补足语',
    category: '句子成分',
    summary: '补充说明宾语的状态、身份或动作，与宾语一起构成复合宾语。',
    definition: '宾语补足语跟在宾语后面，补充说明宾语的身份、特征、状态或动作，宾语与宾补之间有逻辑上的主谓关系。',
    structure:
      '- 动词 + 宾语 + **名词 / 形容词**（make him monitor, keep the room clean）\n- 动词 + 宾语 + **to do**（ask / tell / want sb to do）\n- 使役动词、感官动词 + 宾语 + **do / doing / done**',
    usage: '- see / hear / watch + sb do（全过程）/ doing（正在进行）\n- 宾语与宾补是被动关系时用过去分词：have my hair **cut**',
    pitfalls:
      '- make / let / have 及感官动词后省略 to，变被动时要还原 to\n- 双宾语中两个宾语不是同一人或物，宾补说明的就是宾语本身',
    examples: [
      ['He told me to wait outside.', '他叫我在外面等。'],
      ['I saw him crossing the street.', '我看见他正在过马路。'],
      ['We must keep the room clean.', '我们必须保持房间干净。'],
    ],
  }),
  point({
    name: '使役动词',
    category: '句型',
    summary: 'make, let, have, get 表示“使、让某人做某事 / 让某事被做”。',
    definition: '使役动词 make、let、have、get 表示“使、让、叫”某人做某事或使某事被做，后接复合宾语。',
    structure:
      '- **make / let / have + 宾语 + 动词原形**（主动）\n- **have / get + 宾语 + 过去分词**（被动，请别人做）\n- **get + 宾语 + to do**',
    usage: '- make 强调“迫使”，let 表“允许”，have 表“安排、叫”\n- 被动语态中 make 后的不定式要还原 to：He was made **to** work.',
    pitfalls:
      '- make / let / have 后的主动动作不加 to：They made me **laugh**.\n- get 后接不定式要带 to：Get him **to** help you.',
    examples: [
      ['They made me laugh.', '他们把我逗笑了。'],
      ['I had my hair cut yesterday.', '我昨天理了发。'],
      ['Let me help you.', '让我来帮你。'],
    ],
  }),
  point({
    name: '感叹句',
    category: '句型',
    summary: '以 What 或 How 开头，表示强烈的感情。',
    definition: '感叹句表示喜悦、惊讶、赞美等强烈感情，常由 what 或 how 引导，句末用感叹号。',
    structure: '- **What + (a / an) + 形容词 + 名词 + 主语 + 谓语!**\n- **How + 形容词 / 副词 + 主语 + 谓语!**',
    usage: '- 中心词是名词用 what，是形容词或副词用 how\n- 主语和谓语常可省略：What a beautiful day!',
    pitfalls: '- 不可数名词和复数名词前不用 a / an：What **fine weather**!\n- 感叹句用陈述句语序，不倒装',
    examples: [
      ['What a beautiful day it is!', '多么美好的一天啊！'],
      ['How fast he runs!', '他跑得多快啊！'],
    ],
  }),
  point({
    name: '反意疑问句',
    category: '句型',
    summary: '陈述句后附一个简短问句，前肯后否、前否后肯。',
    definition: '反意疑问句由陈述句和附在其后的简短问句构成，用来征求对方同意或证实某事。',
    structure: "- 肯定陈述句, **助动词 / be / 情态动词 + n't + 代词**?\n- 否定陈述句, **助动词 / be / 情态动词 + 代词**?",
    usage:
      "- 陈述句含 never, seldom, hardly, few, little 等否定词时，附加问句用肯定\n- Let's … , shall we? / 祈使句, will you?\n- I think + 从句时，附加问句与从句一致",
    pitfalls: '- 附加问句的主语要用代词\n- 回答按事实：事实是肯定就用 Yes，否定就用 No',
    examples: [
      ["He is a teacher, isn't he?", '他是老师，不是吗？'],
      ["You don't like coffee, do you?", '你不喜欢咖啡，是吗？'],
    ],
  }),
  point({
    name: '特殊疑问句',
    category: '句型',
    summary: '以 what, who, where, when, why, how 等疑问词开头，询问具体信息。',
    definition: '特殊疑问句以疑问代词或疑问副词开头，针对句子的某一部分提问，不能用 yes / no 回答。',
    structure: '- **疑问词 + 一般疑问句语序**：Where do you live?\n- 疑问词作主语时用陈述句语序：Who broke the window?',
    usage: '- how many / how much / how long / how often / how far 分别问数量、价钱、时长、频率、距离\n- 用降调朗读',
    pitfalls: '- 不要漏掉助动词：Where **do** you live?\n- 特殊疑问句放进宾语从句后要改成陈述语序',
    examples: [
      ['Where do you live?', '你住在哪儿？'],
      ['Why did you come so late?', '你为什么来得这么晚？'],
    ],
  }),
  point({
    name: '一般疑问句',
    category: '句型',
    summary: '以助动词、be 动词或情态动词开头，用 yes / no 回答。',
    definition: '一般疑问句把助动词、be 动词或情态动词放到主语前面，询问事情是否属实，一般用 yes 或 no 回答。',
    structure: '- **Be / 助动词 / 情态动词 + 主语 + 其他?**\n- 实义动词借助 do / does / did',
    usage: "- 用升调朗读\n- 否定疑问句（Don't you …?）表示惊讶或希望得到肯定回答",
    pitfalls: '- 用 does / did 提问后动词还原：Does he **like** …?\n- 回答要与问句的助动词一致：Can you …? — Yes, I **can**.',
    examples: [
      ['Do you like English?', '你喜欢英语吗？'],
      ['Can you swim?', '你会游泳吗？'],
    ],
  }),
];
