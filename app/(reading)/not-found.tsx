import { NotFoundContent } from '@/components/shell/not-found-content';

// An unknown document: the 404 keeps the header and footer around it, in the HTML.
export default function ShellNotFound() {
  return <NotFoundContent />;
}
