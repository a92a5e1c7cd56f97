import { z } from 'zod';
import { def, num, obj, str } from '../define';
import { envelope } from '../envelope';
import { parseTextLimits } from '../passage-limits';

/** Tools: translation, text and image parsing, the writing assistant and its instructions. */

/** Bounds of passage parsing: a passage of a few thousand words, not a book (a screen cuts a book into pieces). */
export { parseTextLimits };

/**
 * One token of a parsed passage. Offsets are into the text as sent (UTF-16 code units), so a
 * screen can mark the passage it shows without re-splitting it.
 */
export const passageToken = obj({
  text: str,
  start: num,
  end: num,
  /** A word or a number; false for punctuation and symbols (which carry nothing else). */
  is_word: z.boolean(),
  /** The dictionary form in this context ("ran" → run, "leaves" as a noun → leaf). Words only. */
  lemma: str.optional(),
  /** The Universal part-of-speech tag in context: NOUN, VERB, ADJ, ADV, ADP, PRON, DET, PROPN, PUNCT… */
  pos: str,
  /** The Chinese dictionary's label for that part of speech (n. v. adj. adv. prep. …), when it has one. */
  pos_label: str.optional(),
  /** The lemma's exam tags, as ECDICT gives them: zk gk cet4 cet6 ky ielts toefl gre. Words only. */
  exams: z.array(str).optional(),
  /**
   * The lemma's frequency band by its corpus rank (COCA, else BNC): 1 within the 1,000 commonest
   * words, 2 within 2,500, 3 within 4,500, 4 within 7,000, 5 within 12,000, 6 rarer. Absent when
   * the rank is unknown (names, numbers, words the dictionary lacks).
   */
  band: num.optional(),
  /**
   * The word level (1–6) the reading screens and the library use: the lower of the easiest exam
   * that lists the lemma (中考 1, 高考 2, CET-4 3, CET-6 4, 考研/IELTS/TOEFL 5) and its band; 6 is
   * beyond every exam. Absent for words the dictionary does not know and for names.
   */
  level: num.optional(),
  /**
   * A logged-in learner's own mark on the lemma: 'strange' for 生词, 'familiar' for 熟词; absent
   * when the word is not marked (or nobody is logged in).
   */
  mark: z.enum(['strange', 'familiar']).optional(),
});
export type PassageToken = z.infer<typeof passageToken>;

/** One sentence of a parsed passage, as the shared sentence splitter (lib/text/sentences.ts) cuts it. */
export const passageSentence = obj({
  text: str,
  start: num,
  end: num,
  tokens: z.array(passageToken),
});
export type PassageSentence = z.infer<typeof passageSentence>;

/** A multi-word expression found in the passage ("look forward to", "in spite of", "took … off"). */
export const passagePhrase = obj({
  /** The dictionary form: "take off" for "took his coat off". */
  phrase: str,
  /** The sentence it is in (index into sentences). */
  sentence: num,
  /** The tokens it is made of (indices into that sentence's tokens), in order; may skip an object. */
  tokens: z.array(num),
  /** Offsets in the passage, from its first token's start to its last token's end. */
  start: num,
  end: num,
  /** The expression's Chinese, from ECDICT, when it has some. */
  zh: str.optional(),
});
export type PassagePhrase = z.infer<typeof passagePhrase>;

export const parsedPassage = obj({
  sentences: z.array(passageSentence),
  /** Words and numbers, punctuation not counted. */
  word_count: num,
  /** The expressions found, in passage order; empty when they were withheld (see below). */
  phrases: z.array(passagePhrase),
  /**
   * Why phrases were not recognised, or null when they were. Recognising phrases is a member's
   * feature (the entitlements table): for other callers the answer says so, and the screen offers
   * membership instead of showing no phrases as if there were none.
   */
  phrases_withheld: obj({ reason: z.literal('vip_only'), description: str }).nullable(),
  /** Whether the tokens' 生词/熟词 marks were read: true for a logged-in learner. */
  marks_included: z.boolean(),
});
export type ParsedPassage = z.infer<typeof parsedPassage>;

/**
 * The scenes a teacher's instruction is written for: the AI tutor's answers about a sentence,
 * the explanations of grammar points and words, and the writer's reviews.
 */
export const expertScenes = ['tutor', 'explain', 'writer'] as const;
export const expertScene = z.enum(expertScenes);
export type ExpertScene = z.infer<typeof expertScene>;

/** Bounds of an expert instruction. */
export const expertInstructionLimits = { maxChars: 4_000, maxHistoryPage: 50 } as const;

/** One version of a scene's instruction: who wrote it and when. */
export const expertInstructionVersion = obj({
  scene: expertScene,
  /** 1 for the first instruction of the scene, then one more for every update. */
  version: num,
  /** The instruction as written; empty when the expert cleared it (the model then has none). */
  instruction: str,
  /**
   * Who wrote it: their nickname and public account number, shown to the experts only (they
   * need to know which colleague changed what); null for everyone else, whose screen names the
   * author 专家, since an expert's account number and e-mail-derived nickname are not public.
   */
  editor: obj({ account: str, nickname: str }).nullable(),
  created_at: str,
});
export type ExpertInstructionVersion = z.infer<typeof expertInstructionVersion>;

export const expertSceneState = obj({
  scene: expertScene,
  /** The scene's Chinese name, for the screen. */
  title: str,
  /** The current version, or null before any instruction was written. */
  current: expertInstructionVersion.nullable(),
});
export type ExpertSceneState = z.infer<typeof expertSceneState>;

/** What a photo for parse_image may be: its largest size, the image kinds read, its largest area. */
export { imageUpload } from '../image-upload';

// A form's file: what the browser attaches (a File) and what the upstream's form parser makes of it.
const uploadedImage = z.custom<File>((value) => typeof File !== 'undefined' && value instanceof File, '请选择要识别的图片');

/** What parse_image answers: the text read from the photo, cleaned, and that text parsed as parse_text would. */
export const photoText = obj({
  /** The recognised text: words split at line ends joined, lines unwrapped into paragraphs (blank line between). */
  text: str,
  /** The recogniser's mean confidence in the words kept, 0–100. */
  confidence: num,
  /** The photo's size in pixels. */
  width: num,
  height: num,
  /** The text parsed: offsets are into `text`. */
  passage: parsedPassage,
});
export type PhotoText = z.infer<typeof photoText>;

/** The longest text translate takes: a long sentence, with room to spare. */
export const translateMaxChars = 2_000;

export const toolsCalls = {
  /**
   * A sentence's translation. Sentences only: the screens translate the sentence a word or an
   * analysis is in, and each text goes to the language model whole.
   */
  translate: def('translate', {
    request: obj({ text: str.min(1).max(translateMaxChars, `文本过长：一次最多翻译 ${translateMaxChars} 个字符`) }),
    // source: 'model' when the language model translated; 'gloss' for the offline word-by-word
    // gloss (逐词释义), which the UI labels as such and never passes off as a translation.
    response: envelope(
      obj({
        translation: str,
        source: z.enum(['model', 'gloss']).optional(),
        /** The model's translations left free today after this one; absent when not counted. */
        free_uses_left: z.number().int().min(0).optional(),
      }),
    ),
  }),
  /**
   * A whole passage at once: sentences, tokens with lemma, part of speech in context, exam tags,
   * frequency band and level, the expressions in it (members), and a logged-in learner's marks.
   * Open to everyone and not counted against the free uses.
   */
  parse_text: def('parse_text', {
    request: obj({
      text: str
        .max(parseTextLimits.maxChars, `文本过长：一次最多 ${parseTextLimits.maxChars} 个字符，请分段解析`)
        .refine((text) => text.trim() !== '', '请输入要解析的英文文本'),
    }),
    response: envelope(parsedPassage),
  }),
  /**
   * Photo to text: the printed English in a photo (PNG, JPEG, WebP or BMP, at most 8 MB), read by
   * OCR on the server, cleaned, and parsed as parse_text parses a passage (phrases for members,
   * marks for a logged-in learner). Nothing of the photo is kept. 413 for a photo too large, 400
   * for another kind of file, a damaged image or one without text, 503 when the reader is busy.
   */
  parse_image: def('parse_image', {
    kind: 'multipart',
    request: obj({ file: uploadedImage }),
    response: envelope(photoText),
  }),
  /**
   * A new version of one scene's instruction. Only the accounts the operator lists in
   * EXPERT_ACCOUNTS may write (403 otherwise, 401 logged out). `base_version`, when sent, is the
   * version the expert edited: if another one was written meanwhile the update is refused (409)
   * instead of silently replacing it.
   */
  update_expert_instruction: def('update_expert_instruction', {
    request: obj({
      scene: expertScene,
      instruction: str.max(expertInstructionLimits.maxChars, `指令最长 ${expertInstructionLimits.maxChars} 个字符`),
      base_version: num.int().min(0).optional(),
    }),
    response: envelope(obj({ version: expertInstructionVersion })),
  }),
  /**
   * Every scene with its current instruction; with `scene`, also that scene's history, newest
   * first, a page at a time. Open to everyone; `can_edit` says whether the caller is an expert,
   * and only then does each version name its editor.
   */
  query_expert_instruction: def('query_expert_instruction', {
    request: obj({
      scene: expertScene.optional(),
      page: num.int().min(1).optional(),
      page_size: num.int().min(1).max(expertInstructionLimits.maxHistoryPage).optional(),
    }),
    response: envelope(
      obj({
        scenes: z.array(expertSceneState),
        can_edit: z.boolean(),
        history: obj({ items: z.array(expertInstructionVersion), total: num, page: num, page_size: num }).optional(),
      }),
    ),
  }),
} as const;
