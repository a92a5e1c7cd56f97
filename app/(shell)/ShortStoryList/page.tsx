import { categoryListPage } from '../category-list-page';
import { categoryLabels } from '@/lib/contract/categories';
import { pathFor } from '@/lib/routes/route-table';

const list = categoryListPage({
  category: 'short_story',
  path: pathFor('ShortStoryList'),
  title: '英文短篇故事',
  description: '英文短篇故事，从易到难；点击任意单词查看它在句中的意思。',
  label: categoryLabels.short_story,
  subCategories: true,
});

export const generateMetadata = list.generateMetadata;
export default list.Page;
