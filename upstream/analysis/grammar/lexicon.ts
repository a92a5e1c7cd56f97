/** Word classes the detectors recognise by form. */

const set = (words: string) => new Set(words.trim().split(/\s+/));

export const BE_PRESENT = set("am is are 'm 're isn't aren't");
export const BE_PAST = set("was were wasn't weren't");
export const BE = set("be been being am is are 'm 're isn't aren't was were wasn't weren't");
export const HAVE_PRESENT = set("have has 've haven't hasn't");
export const HAD = set("had hadn't");
export const DO = set("do does did don't doesn't didn't");
export const FUTURE = set("will shall 'll won't shan't");
export const MODALS = set(
  "can could may might must should would ought cannot can't couldn't mustn't shouldn't wouldn't mightn't needn't",
);
export const AUX = new Set([...BE, ...HAVE_PRESENT, ...HAD, ...DO, ...FUTURE, ...MODALS]);
export const SUBJECT_PRONOUNS = set('i you he she it we they');
export const OBJECT_PRONOUNS = set("me you him her it us them 's");
export const DETERMINERS = set('the a an this that these those my your his her its our their some any no every each many much');
export const PREPOSITIONS = set(
  'in on at by for with without from to of about into onto over under after before since during through across along among between behind beside near',
);
export const WH = set('what who whom whose which when where why how');
export const NEGATIVE_OPENERS = set('never seldom rarely hardly scarcely barely little nowhere');
export const GET = set('get gets got gotten getting');

/** Irregular past participles (regular ones end in -ed). */
export const IRREGULAR_PARTICIPLES = set(`
  been born borne beaten become begun bent bitten blown broken brought built burnt bought caught chosen come
  cost cut dealt done drawn dreamt drunk driven eaten fallen fed felt fought found flown forbidden forgotten
  forgiven frozen got gotten given gone grown hung had heard hidden hit held hurt kept known laid led learnt
  left lent let lain lit lost made meant met paid put read ridden rung risen run said seen sought sold sent set
  shaken shone shot shown shut sung sunk sat slept spoken spent spilt spread stood stolen stuck struck sworn
  swept swum taken taught torn told thought thrown understood woken worn won written withdrawn overcome
  undertaken upset
`);

/** Words in -ed / -ing that are not verb forms. */
const NOT_PARTICIPLES = set('bed red need seed feed speed shed hundred sacred naked wicked indeed bred');
const NOT_ING = set(`
  thing something anything nothing everything morning evening ceiling king ring sing bring spring string wing
  during building sibling darling pudding wedding clothing meaning feeling
`);

export const isParticipleForm = (w: string) =>
  IRREGULAR_PARTICIPLES.has(w) || (w.length > 4 && w.endsWith('ed') && !NOT_PARTICIPLES.has(w));
export const isIngForm = (w: string) => w.length > 4 && w.endsWith('ing') && !NOT_ING.has(w);

/** Forms of a verb from its base, enough for the lists below (make → make makes made making). */
export function forms(...bases: string[]): Set<string> {
  const out = new Set<string>();
  for (const entry of bases) {
    const [base, ...irregular] = entry.split('/');
    out.add(base);
    for (const form of irregular) out.add(form);
    const stem = base.endsWith('e') ? base.slice(0, -1) : base;
    out.add(/(s|sh|ch|x)$/.test(base) ? `${base}es` : /[^aeiou]y$/.test(base) ? `${base.slice(0, -1)}ies` : `${base}s`);
    out.add(`${stem}ing`);
    if (irregular.length === 0) out.add(/[^aeiou]y$/.test(base) ? `${base.slice(0, -1)}ied` : `${stem}ed`);
  }
  return out;
}

export const CAUSATIVE = forms('make/made', 'let/let/letting', 'have/had/has/having');
export const PERCEPTION = forms('see/saw/seen', 'watch', 'hear/heard', 'notice', 'feel/felt', 'observe', 'find/found');
export const OBJECT_TO_VERBS = forms(
  'ask',
  'tell/told',
  'want',
  'allow',
  'encourage',
  'advise',
  'invite',
  'expect',
  'order',
  'force',
  'persuade',
  'remind',
  'warn',
  'require',
  'permit',
  'teach/taught',
  'get/got/gotten/getting',
  'like',
  'wish',
  'beg/begged/begging',
  'urge',
  'enable',
);
export const NAMING_VERBS = forms(
  'call',
  'name',
  'elect',
  'appoint',
  'choose/chose/chosen',
  'make/made',
  'consider',
  'keep/kept',
  'find/found',
  'leave/left',
  'think/thought',
);
export const DITRANSITIVE = forms(
  'give/gave/given',
  'show/showed/shown',
  'send/sent',
  'lend/lent',
  'buy/bought',
  'bring/brought',
  'tell/told',
  'teach/taught',
  'pass',
  'offer',
  'hand',
  'pay/paid',
  'write/wrote/written',
  'sell/sold',
  'cook',
  'get/got/gotten/getting',
  'ask',
  'leave/left',
  'owe',
  'promise',
  'read/read',
  'make/made',
  'award',
  'wish',
);
export const FORMAL_OBJECT_VERBS = forms(
  'find/found',
  'think/thought',
  'make/made',
  'consider',
  'feel/felt',
  'believe',
  'keep/kept',
);
export const SUBJUNCTIVE_VERBS = forms(
  'suggest',
  'insist',
  'order',
  'demand',
  'require',
  'request',
  'advise',
  'propose',
  'recommend',
  'command',
  'urge',
);
export const OBJECT_CLAUSE_VERBS = forms(
  'think/thought',
  'know/knew/known',
  'believe',
  'say/said',
  'tell/told',
  'wonder',
  'ask',
  'hope',
  'wish',
  'hear/heard',
  'see/saw/seen',
  'find/found',
  'feel/felt',
  'remember',
  'forget/forgot/forgotten',
  'understand/understood',
  'guess',
  'doubt',
  'mean/meant',
  'explain',
  'decide',
  'learn',
  'show/showed/shown',
  'realise',
  'realize',
  'notice',
  'agree',
  'suppose',
  'imagine',
  'expect',
  'report',
  'promise',
  'discover',
  'check',
  'suggest',
  'insist',
  'demand',
  'order',
  'request',
  'advise',
  'propose',
  'recommend',
  'care',
  'prove',
  'predict',
  'admit',
  'deny',
  'complain',
  'reply',
  'answer',
  'announce',
  'claim',
);
export const APPOSITIVE_NOUNS = set(`
  fact news idea belief hope thought suggestion possibility promise doubt information evidence truth
  feeling conclusion decision report rumour rumor chance proposal advice request message knowledge fear
  question order assumption theory opinion explanation principle warning agreement impression
`);
export const FORMAL_SUBJECT_NOUNS = set('pity shame fact wonder honour honor pleasure surprise mystery truth rule secret custom');
export const PLACE_TIME_NOUNS = set(`
  place house home room city town village school country street park office building hospital shop restaurant
  hotel factory farm area spot world day time year moment morning evening night week month season age period
  reason occasion point situation case stage
  afternoon weekend holiday summer winter spring autumn hour century decade era date birthday
  station library museum cinema theatre theater airport beach island mountain hometown classroom kitchen
  garden corner campus store market zoo field laboratory lab hall centre center camp
`);

/** Irregular past-tense forms, for verbs whose subscript does not say past (saw.w). */
export const IRREGULAR_PAST = set(`
  saw went came took gave made got had did was were said told knew thought found left felt kept brought bought
  caught taught began ran sat stood wrote drove rode broke spoke chose ate drank sang swam flew grew threw drew
  wore won lost met paid sent spent built lent meant heard held led fell forgot understood became woke rose hid
  shook sold slept fought fed hung lay stole struck swept sought
`);
