import { lazy, Suspense, type ComponentProps } from 'react';
import './account.css';

// eslint-disable-next-line import/no-restricted-paths -- the shell's lazy entry into a feature, loaded on use
const ProfileMenu = lazy(() => import('../../features/account/ProfileMenu.tsx'));

/**
 * The profile dropdown's place in the header and the bottom menu. The dropdown itself loads
 * lazily, so a guest's first load (the 120 KB budget, decision 0008) does not carry it; a
 * signed-in page gets it rendered by the server and hydrated when its chunk arrives. The
 * placeholder has the button's size, so nothing moves when the dropdown appears after a sign-in.
 */
export function ProfileSlot(props: ComponentProps<typeof ProfileMenu>) {
  return (
    <Suspense
      fallback={
        <span className={`profile-menu ${props.className ?? ''}`} aria-hidden="true">
          <span className="profile-menu__button">
            <span className="avatar" />
          </span>
        </span>
      }
    >
      <ProfileMenu {...props} />
    </Suspense>
  );
}
