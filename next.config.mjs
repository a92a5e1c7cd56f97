/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // No headers() here: the security headers (CSP, framing, HSTS) depend on runtime settings
  // (FRAME_ANCESTORS, IMAGE_ORIGINS, https) and must be on every answer, so the request guard
  // sets them (scripts/security-headers.cjs); headers() would be fixed at build time.
  reactStrictMode: true,
  // `NEXT_OUTPUT=standalone npm run build` produces .next/standalone for deployments without
  // node_modules (see README, Deployment).
  output: process.env.NEXT_OUTPUT === 'standalone' ? 'standalone' : undefined,
  // The upstream, not Next, compresses nothing: Next gzips pages; the SSE relay opts out itself.
  compress: true,
  experimental: {
    // Pages cached for every reader (the reading pages) and the data cache stay in memory (an LRU
    // of 50 MB per process), not in .next/: a restart starts clean, a crawler probing names cannot
    // fill the disk, and a page never outlives the server (and the SITE_URL) that rendered it.
    isrFlushToDisk: false,
  },
};

export default nextConfig;
