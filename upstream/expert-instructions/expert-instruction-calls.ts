import { type ExpertInstructionVersion, expertScenes } from '../../lib/contract';
import type { Users } from '../account/users';
import type { CallHandlers } from '../platform/contract-routes';
import type { UpstreamConfig } from '../platform/config';
import { ok, UpstreamError } from '../platform/http';
import { type ExpertInstructions, isExpert, sceneTitles } from './expert-instructions';

export interface ExpertInstructionHandlersDeps {
  config: Pick<UpstreamConfig, 'expertAccounts'>;
  users: Pick<Users, 'userForToken' | 'requireUser'>;
  expertInstructions: ExpertInstructions;
}

const notAnExpert = () => new UpstreamError(403, '403', '没有权限：只有专家账号可以修改指令');

/** The experts' instructions to the model: read by everyone, written by the experts. */
export function expertInstructionHandlers({ config, users, expertInstructions }: ExpertInstructionHandlersDeps): CallHandlers {
  return {
    // Everyone reads the instructions, their versions and times; who wrote each (an account
    // number and a nickname made from the e-mail address) only the experts see.
    query_expert_instruction: async ({ scene, page, page_size }, caller) => {
      const user = await users.userForToken(caller.token);
      const canEdit = user !== undefined && isExpert(user, config.expertAccounts);
      const shown = <V extends ExpertInstructionVersion | null>(version: V): V =>
        version && !canEdit ? { ...version, editor: null } : version;
      const scenes = await Promise.all(
        expertScenes.map(async (s) => ({ scene: s, title: sceneTitles[s], current: shown(await expertInstructions.current(s)) })),
      );
      const history = scene ? await expertInstructions.history(scene, { page, page_size }) : undefined;
      return ok({
        scenes,
        can_edit: canEdit,
        ...(history ? { history: { ...history, items: history.items.map(shown) } } : {}),
      });
    },

    update_expert_instruction: async ({ scene, instruction, base_version }, caller) => {
      const user = await users.requireUser(caller);
      if (!isExpert(user, config.expertAccounts)) throw notAnExpert();
      const version = await expertInstructions.update(
        scene,
        instruction.trim(),
        { id: user.id, account: user.account, nickname: user.nickname },
        base_version,
      );
      return ok({ version });
    },
  };
}
