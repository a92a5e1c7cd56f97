import { categoryListPage } from '../category-list-page';
import { categoryLabels } from '@/lib/contract/categories';
import { pathFor } from '@/lib/routes/route-table';

const list = categoryListPage({
  category: 'reading',
  path: pathFor('readingList'),
  title: '英语阅读',
  description: '英语阅读文章与分级读物，从易到难，标明难度、词数和考试词汇。',
  label: categoryLabels.reading,
  chapters: true,
  subCategories: true,
});

export const generateMetadata = list.generateMetadata;
export default list.Page;
