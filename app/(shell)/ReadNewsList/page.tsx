import { categoryListPage } from '../category-list-page';
import { categoryLabels } from '@/lib/contract/categories';
import { pathFor } from '@/lib/routes/route-table';

const list = categoryListPage({
  category: 'news',
  path: pathFor('ReadNewsList'),
  title: '英文新闻',
  description: '英文新闻，最新的在前；点击任意单词查看它在句中的意思。',
  label: categoryLabels.news,
  order: 'newest',
  subCategories: true,
});

export const generateMetadata = list.generateMetadata;
export default list.Page;
