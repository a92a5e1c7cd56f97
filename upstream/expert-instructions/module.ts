import type { Platform, UpstreamModule } from '../platform/module';
import { createExpertInstructions, type ExpertInstructions } from './expert-instructions';
import { type ExpertInstructionHandlersDeps, expertInstructionHandlers } from './expert-instruction-calls';

export interface ExpertInstructionServices {
  /** The experts' instructions to the model, per scene and versioned; the tutor's and the writer's prompts read the current ones. */
  expertInstructions: ExpertInstructions;
}

/** The experts' instructions to the language model: written by the accounts of EXPERT_ACCOUNTS. */
export const expertInstructionsModule: UpstreamModule<
  Omit<ExpertInstructionHandlersDeps, keyof Platform | keyof ExpertInstructionServices>,
  ExpertInstructionServices
> = {
  name: 'expert-instructions',
  services: {
    expertInstructions: ({ db, now }) => createExpertInstructions({ db, now }),
  },
  calls: expertInstructionHandlers,
};
