import type { AccountServices } from '../account/module';
import type { UpstreamModule } from '../platform/module';
import { referralHandlers } from './referral-calls';
import { createShareSigner, type ShareSigner } from './share-signature';

export interface ReferralServices {
  shareSigner: ShareSigner;
}

/** Referral: what a user's share links brought, and the WeChat share signature of a page. */
export const referralModule: UpstreamModule<AccountServices, ReferralServices> = {
  name: 'referral',
  services: {
    shareSigner: ({ config, db, now }) => createShareSigner({ config, db, now }),
  },
  calls: referralHandlers,
};
