import { Link } from '@/components/ui/link';

/**
 * The trail above a reading page: links to where the page sits, then the page itself (in
 * English when it is a title). Rendered on the server.
 */
export function Breadcrumbs({ trail, current }: { trail: readonly { href: string; label: string }[]; current: string }) {
  return (
    <nav aria-label="面包屑" className="text-sm text-ink-mute">
      <ol className="flex flex-wrap gap-1">
        {trail.map((step) => (
          <li key={step.href}>
            <Link href={step.href} className="hover:text-brand-700">
              {step.label}
            </Link>
            <span aria-hidden> / </span>
          </li>
        ))}
        <li aria-current="page" lang="en" className="text-ink-soft">
          {current}
        </li>
      </ol>
    </nav>
  );
}
