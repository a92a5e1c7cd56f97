import path from 'node:path';
import type { UpstreamModule } from '../platform/module';
import { createSpeech, type Speech } from './speech';
import { speechCalls } from './speech-calls';

export interface SpeechServices {
  speech: Speech;
}

/** Text to speech: a text's audio and its sentence segments. */
export const speechModule: UpstreamModule<object, SpeechServices> = {
  name: 'speech',
  services: {
    speech: ({ config, log, now }) =>
      createSpeech({ cacheDir: path.join(config.dataDir, 'audio-cache'), cacheMaxBytes: config.audioCacheMaxBytes, log, now }),
  },
  calls: speechCalls,
};
