/*
 * The closed word classes the structure builders (the parse's and the fallback's) need to name
 * what a clause is: auxiliaries, copulas, subordinators and the clause type each one opens.
 */

const set = (words: string) => new Set(words.split(/\s+/).filter(Boolean));

export const beForms = set("be is am are was were been being 's 're 'm isn't aren't wasn't weren't ain't");
export const haveForms = set("have has had having 've 'd hasn't haven't hadn't");
export const doForms = set("do does did don't doesn't didn't");
export const modals = set(
  "will would shall should can could may might must ought 'll 'd won't wouldn't shan't shouldn't can't cannot couldn't mayn't mightn't mustn't need dare",
);

/** Verbs that take a subject complement (表语) where the parser links a noun as their object. */
export const copulas = set(
  'become becomes became becoming remain remains remained remaining stay stays stayed turn turns turned seem seems seemed appear appears appeared',
);

/** Verbs whose second noun after them completes the object (宾语补足语), not an indirect object. */
export const complexTransitives = set(
  'make makes made making call calls called calling name names named naming elect elects elected electing appoint appoints appointed appointing consider considers considered considering find finds found finding keep keeps kept keeping leave leaves left leaving choose chooses chose chosen declare declares declared vote votes voted crown crowned label labels labelled labeled dub dubbed deem deems deemed render renders rendered think thinks thought believe believed',
);

export const relativePronouns = set('who whom whose which that where when why');
export const whWords = set(
  'what whatever who whom whose whoever whomever which whichever where wherever when whenever why how however whether if',
);

/** The clause type a subordinator opens when the clause is an adverbial. */
const adverbialTypes: Record<string, string> = {};
const add = (words: string, label: string) => {
  for (const w of words.split(' ')) adverbialTypes[w] = label;
};
add('when whenever while before after until till once whilst', '时间状语从句');
add('because since as', '原因状语从句');
add('if unless provided providing suppose supposing', '条件状语从句');
add('although though whereas', '让步状语从句');
add('where wherever', '地点状语从句');
add('than', '比较状语从句');
add('lest', '目的状语从句');
add('like', '方式状语从句');

/** The adverbial clause label for an opener, given the word before it and the clause it modifies. */
export function adverbialClauseLabel(opener: string, before: string, parentHasPerfect: boolean, beforeBefore = ''): string {
  const o = opener.toLowerCase();
  const b = before.toLowerCase();
  if (o === 'that' && b === 'so') return '目的状语从句';
  if (o === 'that' && b === 'order' && beforeBefore.toLowerCase() === 'in') return '目的状语从句';
  if (o === 'that') return '结果状语从句';
  if ((o === 'if' || o === 'though') && b === 'as') return '方式状语从句';
  if ((o === 'if' || o === 'though') && b === 'even') return '让步状语从句';
  if (o === 'as' && b === 'soon') return '时间状语从句';
  if (b === 'matter') return '让步状语从句';
  if (/^wh.*ever$|^however$/.test(o)) return '让步状语从句';
  if (o === 'since') return parentHasPerfect ? '时间状语从句' : '原因状语从句';
  if (o === 'as') return '状语从句';
  return adverbialTypes[o] ?? '状语从句';
}

/** A noun clause's label from the function it fills. */
export function nounClauseLabel(fn: string): string | undefined {
  return (
    {
      主语: '主语从句',
      宾语: '宾语从句',
      间接宾语: '宾语从句',
      表语: '表语从句',
      同位语: '同位语从句',
      宾语补足语: '宾语从句',
    } as Record<string, string>
  )[fn];
}

export const intensifiers = set(
  'so such too very quite rather really extremely pretty fairly more most less least as how highly deeply completely totally',
);
