import { articlePage } from '../../article-page';

const { generateMetadata, generateStaticParams, ArticleRoute } = articlePage('Article');

export { generateMetadata, generateStaticParams };
export default ArticleRoute;
