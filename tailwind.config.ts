import type { Config } from 'tailwindcss'

export default {
  content: ['./app/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        brand: { 50: '#eef6ff', 100: '#d9eaff', 500: '#2563eb', 600: '#1d4ed8', 700: '#1e40af' },
      },
    },
  },
  plugins: [],
  // Tailwind's defaults for rings, shadows, transforms and filters (about fifty custom properties) go
  // on the elements whose classes use them, not on every element and pseudo-element of the page:
  // a slow phone's style work is per element (decision 152).
  experimental: { optimizeUniversalDefaults: true },
} satisfies Config
