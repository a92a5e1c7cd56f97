import type { Users } from '../account/users';
import { isExpert } from '../expert-instructions/expert-instructions';
import { ok, UpstreamError } from '../platform/http';
import type { UpstreamModule } from '../platform/module';
import type { ParserServices } from '../parser/module';
import { engineReport } from './engines';

const notAnOperator = () => new UpstreamError(403, '403', '没有权限：只有运营者账号可以查看');

/**
 * The operator's view of the running product: which engines are on (engines.ts). The operator's
 * accounts are those of EXPERT_ACCOUNTS, the people who already run the model's instructions.
 */
export const operatorModule: UpstreamModule<
  { users: Pick<Users, 'requireUser'> } & Pick<ParserServices, 'sentenceParser' | 'sentenceTrees'>
> = {
  name: 'operator',
  calls: ({ config, db, users, sentenceParser, sentenceTrees }) => ({
    query_engines: async (_request, caller) => {
      const user = await users.requireUser(caller);
      if (!isExpert(user, config.expertAccounts)) throw notAnOperator();
      return ok({ engines: engineReport({ config, db, linkGrammar: sentenceParser, trainedParser: sentenceTrees }) });
    },
  }),
};
