import type { ContentLibrary } from '../reading/library';
import type { DictionaryEngine } from '../dictionary/types';
import type { Platform, UpstreamModule } from '../platform/module';
import { createAnnotation, type Annotation } from './annotation';
import { annotationHandlers, type AnnotationHandlersDeps } from './annotation-calls';

export interface AnnotationServices {
  /** Tasks and answers; the dictionary reads its sense counts (s_c). */
  annotation: Annotation;
}

type AnnotationUses = Omit<AnnotationHandlersDeps, keyof Platform | keyof AnnotationServices> & {
  library: Pick<ContentLibrary, 'sentencesAfter'>;
  dictionary: DictionaryEngine;
};

/** Sense annotation: people label which sense a word has in a library sentence. */
export const annotationModule: UpstreamModule<AnnotationUses, AnnotationServices> = {
  name: 'annotation',
  services: {
    annotation: ({ db, library, dictionary, now }) => createAnnotation({ db, library, dictionary, now }),
  },
  calls: annotationHandlers,
};
