import { articlePage } from '@/components/reading/article-page';

const { generateMetadata, generateStaticParams, ArticleRoute } = articlePage('ShortStoryArticle');

export { generateMetadata, generateStaticParams };
export default ArticleRoute;
