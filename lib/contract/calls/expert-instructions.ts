import { z } from 'zod';
import { def, num, obj, str } from '../define';
import { envelope } from '../envelope';

/** The experts' instructions to the language model, per scene, with their history. */

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

export const expertInstructionsCalls = {
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
