import { articlePage } from '../../article-page';

const { generateMetadata, generateStaticParams, ArticleRoute } = articlePage('readingArticle');

export { generateMetadata, generateStaticParams };
export default ArticleRoute;
