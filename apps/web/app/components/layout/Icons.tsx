/** The line icons of public/icons.svg (one cached file, so their drawings are not in the JavaScript). */
type IconName = 'book' | 'cup' | 'user' | 'menu' | 'close' | 'phone' | 'eye';

function Icon({ name }: { name: IconName }) {
  return (
    <svg width="24" height="24" aria-hidden="true" focusable="false">
      <use href={`/icons.svg#${name}`} />
    </svg>
  );
}

export const IconBook = () => <Icon name="book" />;
export const IconCup = () => <Icon name="cup" />;
export const IconUser = () => <Icon name="user" />;
export const IconMenu = () => <Icon name="menu" />;
export const IconClose = () => <Icon name="close" />;
export const IconPhone = () => <Icon name="phone" />;
export const IconEye = () => <Icon name="eye" />;

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
