import { articlePage } from '../../article-page';

const { generateMetadata, generateStaticParams, ArticleRoute } = articlePage('ShortStoryArticle');

export { generateMetadata, generateStaticParams };
export default ArticleRoute;
