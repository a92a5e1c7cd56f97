import type { Config } from 'tailwindcss';

/**
 * Design tokens (DESIGN.md section 3): the breakpoints of spec section 9 (768 / 1000 / 1300 px),
 * the 60 px header and footer, the brand colours, the constituent label colours. Loaded from app/globals.css with `@config`.
 */
const config: Config = {
  content: ['./app/**/*.{ts,tsx}', './components/**/*.{ts,tsx}'],
  theme: {
    screens: {
      md: '768px',
      lg: '1000px',
      xl: '1300px',
    },
    extend: {
      spacing: {
        header: '60px',
        footer: '60px',
      },
      colors: {
        brand: {
          50: '#eef6ff',
          100: '#d9eaff',
          500: '#2f7cf6',
          600: '#1f66d6',
          700: '#1a52ad',
        },
        // One fixed background per constituent label (spec section 2, "Sentence analysis panel"),
        // with the ink drawn on it: every pair is above 7:1 contrast (WCAG AAA). Labels map to
        // these in components/analysis/constituent-colors.ts.
        constituent: {
          main: { DEFAULT: '#eef2f7', ink: '#1e293b' },
          subject: { DEFAULT: '#dbeafe', ink: '#1e3a8a' },
          predicate: { DEFAULT: '#fee2e2', ink: '#7f1d1d' },
          object: { DEFAULT: '#dcfce7', ink: '#14532d' },
          'indirect-object': { DEFAULT: '#d1fae5', ink: '#064e3b' },
          complement: { DEFAULT: '#fef3c7', ink: '#713f12' },
          'object-complement': { DEFAULT: '#ffedd5', ink: '#7c2d12' },
          attributive: { DEFAULT: '#f3e8ff', ink: '#581c87' },
          adverbial: { DEFAULT: '#cffafe', ink: '#164e63' },
          appositive: { DEFAULT: '#fce7f3', ink: '#831843' },
          parenthetical: { DEFAULT: '#f1f5f9', ink: '#334155' },
          'relative-clause': { DEFAULT: '#ede9fe', ink: '#4c1d95' },
          'noun-clause': { DEFAULT: '#e0f2fe', ink: '#0c4a6e' },
          'adverbial-clause': { DEFAULT: '#ccfbf1', ink: '#134e4a' },
          'non-finite': { DEFAULT: '#fef9c3', ink: '#713f12' },
          other: { DEFAULT: '#e7e5e4', ink: '#292524' },
        },
        ink: {
          DEFAULT: '#1f2329',
          soft: '#4e5969',
          mute: '#6b7280',
        },
      },
      fontFamily: {
        sans: ['"PingFang SC"', '"Microsoft YaHei"', 'system-ui', 'sans-serif'],
      },
    },
  },
};

export default config;
