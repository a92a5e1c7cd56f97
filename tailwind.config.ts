import type { Config } from 'tailwindcss';

/**
 * Design tokens (DESIGN.md section 3): the breakpoints of spec section 9 (768 / 1000 / 1300 px),
 * the 60 px header and footer, the brand colours. Loaded from app/globals.css with `@config`.
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
