import { articlePage } from '@/components/reading/article-page';

const { generateMetadata, generateStaticParams, ArticleRoute } = articlePage('Article');

export { generateMetadata, generateStaticParams };
export default ArticleRoute;
