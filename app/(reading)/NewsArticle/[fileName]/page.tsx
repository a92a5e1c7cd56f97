import { articlePage } from '../../article-page';

const { generateMetadata, generateStaticParams, ArticleRoute } = articlePage('NewsArticle');

export { generateMetadata, generateStaticParams };
export default ArticleRoute;
