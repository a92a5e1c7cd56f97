import type { Metadata } from 'next';
import { VipDetails } from '@/components/membership/vip-details';
import { deliveredFeatures, packagesOnSale } from '@/lib/bff/membership';

export const metadata: Metadata = {
  title: '会员权益',
  description: '语境会员权益：不限次数的语境查词和句子分析。月度、年度套餐。',
  alternates: { canonical: '/VipDetails' },
};

export default async function VipDetailsPage() {
  const [packages, delivered] = await Promise.all([packagesOnSale(), deliveredFeatures()]);
  return <VipDetails packages={packages} delivered={delivered} />;
}
