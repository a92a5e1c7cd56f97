import type { Metadata } from 'next';
import { ProfileScreen } from '@/components/account/profile-screen';

export const metadata: Metadata = {
  title: '个人资料',
  robots: { index: false },
};

export default function ProfilePage() {
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-8 md:py-12">
      <h1 className="text-2xl font-semibold">个人资料</h1>
      <ProfileScreen />
    </div>
  );
}
