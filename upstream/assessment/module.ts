import type { Platform, UpstreamModule } from '../platform/module';
import { type AssessmentHandlersDeps, assessmentHandlers } from './assessment-calls';
import { type AssessmentStore, createAssessmentStore } from './assessment-store';
import { type ItemBank, sharedItemBank } from './item-bank';

export interface AssessmentServices {
  /** The words and pseudo-words the tests ask, read from ECDICT on the first test (~1 s). */
  assessmentBank: () => ItemBank;
  /** Tests being taken and the results kept. */
  assessmentStore: AssessmentStore;
}

/** The vocabulary assessment: an adaptive yes/no test with pseudo-words and meaning checks. */
export const assessmentModule: UpstreamModule<
  Omit<AssessmentHandlersDeps, keyof Platform | keyof AssessmentServices>,
  AssessmentServices
> = {
  name: 'assessment',
  services: {
    assessmentBank: () => sharedItemBank,
    assessmentStore: ({ db, now }) => createAssessmentStore({ db, now }),
  },
  calls: assessmentHandlers,
};
