import path from 'node:path';
import type { Users } from '../account/users';
import { freeUseContext, type UsageLedger } from '../metering/usage-ledger';
import type { UpstreamModule } from '../platform/module';
import { createSpeech, type Speech } from './speech';
import { audioHandlers } from './audio-calls';

export interface AudioServices {
  speech: Speech;
}

/** Text to speech: a text's audio and its sentence segments. */
export const audioModule: UpstreamModule<
  { users: Pick<Users, 'userForToken' | 'isVip'>; ledger: Pick<UsageLedger, 'requireAllowance'> },
  AudioServices
> = {
  name: 'audio',
  services: {
    speech: ({ config, log, now }) =>
      createSpeech({ cacheDir: path.join(config.dataDir, 'audio-cache'), cacheMaxBytes: config.audioCacheMaxBytes, log, now }),
  },
  // Speech made anew is counted in characters against the caller's daily allowance (a text in
  // the cache is free): a visitor cannot have the server synthesize without end.
  calls: ({ speech, users, ledger }) =>
    audioHandlers({
      speech,
      meterSynthesis: async (caller, chars) => {
        const user = await users.userForToken(caller.token);
        await ledger.requireAllowance(
          freeUseContext(caller, user, (u) => users.isVip(u)),
          'speech_characters',
          chars,
        );
      },
    }),
};
