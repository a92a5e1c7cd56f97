/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // `NEXT_OUTPUT=standalone npm run build` produces .next/standalone for deployments without
  // node_modules (see README, Deployment).
  output: process.env.NEXT_OUTPUT === 'standalone' ? 'standalone' : undefined,
  // The upstream, not Next, compresses nothing: Next gzips pages; the SSE relay opts out itself.
  compress: true,
};

export default nextConfig;
