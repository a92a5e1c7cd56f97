import type { UpstreamModule } from '../platform/module';
import { createContentLibrary, type ContentLibrary } from './library';

export interface ContentServices {
  /** Documents and their sentences: examples and exam counts for the dictionary, tasks for annotation. */
  library: ContentLibrary;
}

/** The content library. Its own calls (reading screens, course books) are not built yet. */
export const contentModule: UpstreamModule<object, ContentServices> = {
  name: 'content',
  services: {
    library: ({ db, log, now }) => createContentLibrary({ db, log, now }),
  },
};
