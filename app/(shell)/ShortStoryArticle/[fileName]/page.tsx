import { articlePage } from '@/components/reading/article-page';

const { generateMetadata, ArticleRoute } = articlePage('ShortStoryArticle');

export { generateMetadata };
export default ArticleRoute;
