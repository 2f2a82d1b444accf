/** Small inline icons (no icon font, no extra requests). */
const common = { width: 24, height: 24, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true, focusable: false } as const;

export const IconBook = () => (
  <svg {...common}><path d="M4 5.5A2.5 2.5 0 0 1 6.5 3H20v15H6.5A2.5 2.5 0 0 0 4 20.5z" /><path d="M4 20.5A2.5 2.5 0 0 0 6.5 23H20" /></svg>
);
export const IconCup = () => (
  <svg {...common}><path d="M4 8h13v6a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5z" /><path d="M17 10h1.5a2.5 2.5 0 0 1 0 5H17" /><path d="M8 2.5c0 1 1 1.5 1 2.5M12 2.5c0 1 1 1.5 1 2.5" /></svg>
);
export const IconUser = () => (
  <svg {...common}><circle cx="12" cy="8" r="4" /><path d="M4 21a8 8 0 0 1 16 0" /></svg>
);
export const IconMenu = () => (
  <svg {...common}><path d="M4 7h16M4 12h16M4 17h16" /></svg>
);
export const IconClose = () => (
  <svg {...common}><path d="M6 6l12 12M18 6L6 18" /></svg>
);
export const IconPhone = () => (
  <svg {...common}><path d="M5 3h3l2 5-2.5 1.5a11 11 0 0 0 7 7L16 14l5 2v3a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2z" /></svg>
);

/** The Crema mark: a cup seen from above with a crema swirl. */
export function Logo({ name = 'Crema' }: { name?: string }) {
  return (
    <span className="logo">
      <svg className="logo__mark" width="36" height="36" viewBox="0 0 36 36" aria-hidden="true" focusable="false">
        <circle cx="18" cy="18" r="17" fill="#3b2418" />
        <circle cx="18" cy="18" r="11.5" fill="#c8925a" />
        <path d="M12 19c2-4 6-5 8-2s5 2 5-1" stroke="#f6e7d3" strokeWidth="2.2" fill="none" strokeLinecap="round" />
      </svg>
      <span className="logo__text">{name}</span>
    </span>
  );
}
