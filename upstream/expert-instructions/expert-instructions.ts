import { sql } from 'kysely';
import type { ExpertInstructionVersion, ExpertScene } from '../../lib/contract';
import type { Db } from '../db/database';
import type { ExpertInstructionsTable } from '../db/schema';
import { UpstreamError } from '../platform/http';
import { stamp, type Clock } from '../platform/time';

/*
 * The instructions experts write for the model, per scene, versioned: an update never replaces a
 * version, it adds the next one with its author, so the history says who changed what and when,
 * and the model reads the newest. The next number is taken in the insert itself (the scene's
 * highest + 1) under the table's key on (scene, version): two experts saving at once cannot both
 * get a number, and the one who loses is told, or, when they did not say which version they
 * edited, simply gets the next one.
 */

/** The Chinese name of each scene, as the expert's screen shows it. */
export const sceneTitles: Record<ExpertScene, string> = {
  tutor: 'AI 语法老师',
  explain: '讲解（语法点与词义）',
  writer: '写作助手',
};

export const changedMeanwhile = () => new UpstreamError(409, '409', '该场景的指令已被他人更新，请刷新后在最新版本上修改');

export interface Editor {
  id: number;
  account: string;
  nickname: string;
}

const toVersion = (row: ExpertInstructionsTable): ExpertInstructionVersion => ({
  scene: row.scene as ExpertScene,
  version: Number(row.version),
  instruction: row.instruction,
  editor: { account: row.editor_account, nickname: row.editor_nickname },
  created_at: row.created_at,
});

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

export function createExpertInstructions({ db, now }: { db: Db; now: Clock }) {
  async function current(scene: ExpertScene): Promise<ExpertInstructionVersion | null> {
    const row = await db
      .selectFrom('expert_instructions')
      .selectAll()
      .where('scene', '=', scene)
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? toVersion(row) : null;
  }

  /** Adds the next version; with `baseVersion`, only if that is still the newest (else 409). */
  async function update(
    scene: ExpertScene,
    instruction: string,
    editor: Editor,
    baseVersion?: number,
  ): Promise<ExpertInstructionVersion> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const at = stamp(now());
      try {
        const { rows } = await sql<ExpertInstructionsTable>`
          INSERT INTO expert_instructions
            (scene, version, instruction, editor_id, editor_account, editor_nickname, created_at)
          SELECT CAST(${scene} AS text), latest.v + 1, CAST(${instruction} AS text), CAST(${editor.id} AS integer),
            CAST(${editor.account} AS text), CAST(${editor.nickname} AS text), CAST(${at} AS text)
          FROM (SELECT COALESCE(MAX(version), 0) AS v FROM expert_instructions WHERE scene = ${scene}) AS latest
          WHERE ${baseVersion === undefined ? sql`1 = 1` : sql`latest.v = ${baseVersion}`}
          RETURNING *`.execute(db);
        if (rows[0]) return toVersion(rows[0]);
        throw changedMeanwhile();
      } catch (error) {
        // Another expert took the number between our read and our write.
        if (!isUniqueViolation(error)) throw error;
        if (baseVersion !== undefined) throw changedMeanwhile();
      }
    }
    throw changedMeanwhile();
  }

  async function history(
    scene: ExpertScene,
    paging: { page?: number; page_size?: number },
  ): Promise<{ items: ExpertInstructionVersion[]; total: number; page: number; page_size: number }> {
    const page = paging.page ?? 1;
    const size = paging.page_size ?? 20;
    const [rows, total] = await Promise.all([
      db
        .selectFrom('expert_instructions')
        .selectAll()
        .where('scene', '=', scene)
        .orderBy('version', 'desc')
        .limit(size)
        .offset((page - 1) * size)
        .execute(),
      db
        .selectFrom('expert_instructions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('scene', '=', scene)
        .executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map(toVersion), total: Number(total.n), page, page_size: size };
  }

  return {
    current,
    update,
    history,
    /** The text the model is to follow in a scene now: the newest version's, or nothing. */
    async instructionFor(scene: ExpertScene): Promise<string | undefined> {
      const text = (await current(scene))?.instruction.trim();
      return text || undefined;
    },
  };
}

export type ExpertInstructions = ReturnType<typeof createExpertInstructions>;

/**
 * EXPERT_ACCOUNTS: who may write instructions, by e-mail address (any case) or public account
 * number, separated by commas, semicolons or spaces.
 */
export function isExpert(user: { account: string; email: string | null }, experts: readonly string[]): boolean {
  const email = user.email?.trim().toLowerCase();
  return experts.some((entry) => entry === user.account || (email !== undefined && entry === email));
}
