import { NotFoundContent } from '@/components/shell/not-found-content';

// notFound() from a shell page (and /NotFound itself) keeps the header and footer around it.
export default function ShellNotFound() {
  return <NotFoundContent />;
}
