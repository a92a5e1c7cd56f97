import { okStatus } from '../../lib/contract';
import type { Users } from '../account/users';
import type { CallHandlers } from '../platform/contract-routes';
import { ok, type Envelope } from '../platform/http';
import type { Annotation } from './annotation';

export interface AnnotationHandlersDeps {
  users: Pick<Users, 'requireUser' | 'userForToken'>;
  annotation: Annotation;
}

/** Sense annotation: the next task for an annotator, and their answer to it. */
export function annotationHandlers({ users, annotation }: AnnotationHandlersDeps): CallHandlers {
  return {
    // Annotators are given a link /annotate/{uid}: anyone may read its next task, but answers
    // are stored only for a logged-in user (see annotation.ts, Annotator).
    annotate_data: async ({ user_id }, caller) => {
      const user = await users.userForToken(caller.token);
      const task = await annotation.nextTask({ uid: user_id ?? null, userId: user?.id ?? null });
      return task ? ({ status: okStatus, result: task } as Envelope) : { status: 'no_task', description: '暂无待标注的数据' };
    },

    annotate_result: async ({ user_id, current_word_index, sense_id }, caller) => {
      const user = await users.requireUser(caller);
      await annotation.submit({ uid: user_id ?? null, userId: user.id }, current_word_index, sense_id);
      return ok(undefined, '标注已保存');
    },
  };
}
