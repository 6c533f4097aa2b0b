import { ProfilePage } from '../../features/auth/components/ProfilePage/ProfilePage';

/** Not in the spec's route table: sign-in is real (ARCHITECTURE section 8), so users need a page to see and end their session. */
export function ProfileRoute() {
  return <ProfilePage />;
}
