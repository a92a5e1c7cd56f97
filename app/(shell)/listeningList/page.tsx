import { categoryListPage } from '../category-list-page';
import { categoryLabels } from '@/lib/contract/categories';
import { pathFor } from '@/lib/routes/route-table';

const list = categoryListPage({
  category: 'listening',
  path: pathFor('listeningList'),
  title: '英语听力',
  description: '带朗读的英文文章：打开后可逐句播放、单句循环，边听边查词。',
  label: categoryLabels.listening,
  subCategories: true,
});

export const generateMetadata = list.generateMetadata;
export default list.Page;
