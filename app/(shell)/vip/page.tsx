import type { Metadata } from 'next';
import { VipDetails } from '@/components/membership/vip-details';
import { packagesOnSale } from '@/lib/bff/membership';

// The spec's /vip shows the membership as /VipDetails does; the canonical page is that one.
export const metadata: Metadata = {
  title: '会员权益',
  alternates: { canonical: '/VipDetails' },
};

export default async function VipPage() {
  return <VipDetails packages={await packagesOnSale()} />;
}
