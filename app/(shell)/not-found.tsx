import { MissingPage } from '@/components/shell/missing-page';

// notFound() from a shell page (and /NotFound itself) keeps the header and footer around it.
export default function ShellNotFound() {
  return <MissingPage />;
}
