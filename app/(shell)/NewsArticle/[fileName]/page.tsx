import { articlePage } from '@/components/reading/article-page';

const { generateMetadata, ArticleRoute } = articlePage('NewsArticle');

export { generateMetadata };
export default ArticleRoute;
