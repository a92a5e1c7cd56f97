import { type Kysely, sql } from 'kysely';

// 021_annotations_per_user: a sense annotation counts once per person and task. Answers were kept
// per batch uid and user ('uid:<uid>@user:<id>'), so one account answering one task under 40
// uids of /annotate/{uid} counted 40 times towards the public sense count (s_c). From here on a
// logged-in user's answer is keyed by the user alone ('user:<id>'); the uid stays beside it as
// the batch the answer was last given in.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Of a user's answers to one task, the one given last stands (it replaces the others, as a new
  // answer does from now on); ties by updated_at fall to the larger key so that exactly one is
  // left. Answers of different users, and those stored before answers needed a login (no user,
  // 'uid:<uid>'), are left as they are.
  await sql`
    DELETE FROM annotations
    WHERE user_id IS NOT NULL AND EXISTS (
      SELECT 1 FROM annotations AS later
      WHERE later.task_id = annotations.task_id AND later.user_id = annotations.user_id
        AND (later.updated_at > annotations.updated_at
          OR (later.updated_at = annotations.updated_at AND later.annotator > annotations.annotator)))`.execute(db);
  await sql`
    UPDATE annotations SET annotator = 'user:' || CAST(user_id AS text)
    WHERE user_id IS NOT NULL AND annotator <> 'user:' || CAST(user_id AS text)`.execute(db);
  // The rule as a constraint: one answer per task and user (rows without a user are not bound).
  await db.schema.createIndex('annotations_task_user').on('annotations').columns(['task_id', 'user_id']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The answers collapsed are gone for good; only the constraint is taken back.
  await db.schema.dropIndex('annotations_task_user').execute();
}
