import type { Metadata } from 'next';
import { VipDetails } from '@/components/membership/vip-details';
import { deliveredFeatures, packagesOnSale } from '@/lib/bff/membership';

// The spec's /vip shows the membership as /VipDetails does; the canonical page is that one.
export const metadata: Metadata = {
  title: '会员权益',
  alternates: { canonical: '/VipDetails' },
};

export default async function VipPage() {
  const [packages, delivered] = await Promise.all([packagesOnSale(), deliveredFeatures()]);
  return <VipDetails packages={packages} delivered={delivered} />;
}
