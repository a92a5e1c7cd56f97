import type { meteredFeatureNames } from '@/lib/contract/calls/metering';
import { vipBenefits } from '@/lib/membership/benefits';

/**
 * The free uses of a metered feature left today, as the answer that spent one said: under a
 * lookup or an analysis, so that running out comes as no surprise. Nothing for a member (not
 * counted) or an answer that spent none.
 */
export function FreeUsesLeft({
  feature,
  left,
}: {
  feature: (typeof meteredFeatureNames)[number];
  left: number | null | undefined;
}) {
  if (left === null || left === undefined) return null;
  const { name } = vipBenefits[feature];
  return (
    <p data-testid="free-uses-left" className="text-xs text-ink-mute">
      {left > 0 ? `今日免费${name}还剩 ${left} 次` : `今日免费${name}次数已用完，明天零点恢复`}
    </p>
  );
}
