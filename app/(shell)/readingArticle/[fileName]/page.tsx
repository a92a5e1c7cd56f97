import { articlePage } from '@/components/reading/article-page';

const { generateMetadata, ArticleRoute } = articlePage('readingArticle');

export { generateMetadata };
export default ArticleRoute;
