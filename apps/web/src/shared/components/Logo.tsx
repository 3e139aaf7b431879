/** Product mark: a node radiating signal, drawn inline so it needs no asset request. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="logo-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4096ff" />
          <stop offset="1" stopColor="#13c2c2" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="14" fill="url(#logo-g)" />
      <circle cx="32" cy="32" r="7" fill="#fff" />
      <path
        d="M20 44a17 17 0 0 1 0-24M44 20a17 17 0 0 1 0 24M13 51a27 27 0 0 1 0-38M51 13a27 27 0 0 1 0 38"
        stroke="#fff"
        strokeWidth="4"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}
