import 'server-only';
import { Link } from '@/components/ui/link';
import type { ChromeMap } from '@/lib/routes/chrome';
import { FooterFrame } from './footer-frame';
import { FooterImageDialog } from './footer-image-dialog';

/** Spec section 9. */
export const COPYRIGHT_YEARS = '2023-2025';
/** Where a mainland-China ICP filing number must link. */
const FILING_REGISTRY_URL = 'https://beian.miit.gov.cn/';
// Both footer styles are dark: the site's brand-blue focus ring would vanish on the blue one, and
// it is unlayered CSS, so only an important utility overrides it.
const linkClass = 'rounded-sm hover:text-white hover:underline focus-visible:outline-white!';

interface FooterConfig {
  filingNumber: string | null;
  contactImageUrl: string | null;
  studyGroupImageUrl: string | null;
}

/**
 * The footer's operator settings, read per request so a deployment changes them without a
 * rebuild. A setting that is unset or unusable hides its item: a feature that is not configured
 * is simply not there.
 */
function footerConfig(env: NodeJS.ProcessEnv = process.env): FooterConfig {
  return {
    filingNumber: env.SITE_FILING_NUMBER?.trim() || null,
    contactImageUrl: imageUrl('SITE_CONTACT_IMAGE_URL', env.SITE_CONTACT_IMAGE_URL),
    studyGroupImageUrl: imageUrl('SITE_STUDY_GROUP_IMAGE_URL', env.SITE_STUDY_GROUP_IMAGE_URL),
  };
}

const warned = new Set<string>();

/** A path on this site ('/images/qr.png') or an http(s) URL; anything else (javascript:, '//x') is refused. */
function imageUrl(name: string, value: string | undefined): string | null {
  const url = value?.trim();
  if (!url) return null;
  if (isImageAddress(url)) return url;
  // Once per process: the operator learns why the item is missing without a log line per page.
  if (!warned.has(name)) {
    warned.add(name);
    console.warn(`[footer] ${name} ignored: use a path on this site (/images/qr.png) or an http(s) URL`);
  }
  return null;
}

function isImageAddress(url: string): boolean {
  if (url.startsWith('/')) return !url.startsWith('//') && !url.includes('\\');
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * The site footer: copyright, filing number, about us, and the contact and study-group images.
 * Renders nothing inside the native app (FooterFrame). Which routes show it, and in which style, follows the
 * route table's chrome on the client (FooterFrame), because a layout is not re-rendered on navigation.
 */
export function Footer({ chrome }: { chrome: ChromeMap }) {
  const { filingNumber, contactImageUrl, studyGroupImageUrl } = footerConfig();
  return (
    <FooterFrame chrome={chrome}>
      <div className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1">
        {/* One string: JSX pieces would be split by comment nodes in the HTML. */}
        <span data-testid="footer-copyright">{`© ${COPYRIGHT_YEARS} 语境`}</span>
        {filingNumber && (
          <a
            href={FILING_REGISTRY_URL}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="footer-filing"
            className={linkClass}
          >
            {filingNumber}
          </a>
        )}
      </div>
      <nav aria-label="页脚" className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1">
        <Link href="/AboutUs" data-testid="footer-about" className={linkClass}>
          关于我们
        </Link>
        {contactImageUrl && (
          <FooterImageDialog
            label="联系我们"
            caption="扫描二维码联系我们"
            imageUrl={contactImageUrl}
            testId="footer-contact"
            className={linkClass}
          />
        )}
        {studyGroupImageUrl && (
          <FooterImageDialog
            label="学习交流群"
            caption="扫描二维码加入学习交流群"
            imageUrl={studyGroupImageUrl}
            testId="footer-study-group"
            className={linkClass}
          />
        )}
      </nav>
    </FooterFrame>
  );
}
