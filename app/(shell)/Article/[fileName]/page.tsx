import { articlePage } from '@/components/reading/article-page';

const { generateMetadata, ArticleRoute } = articlePage('Article');

export { generateMetadata };
export default ArticleRoute;
