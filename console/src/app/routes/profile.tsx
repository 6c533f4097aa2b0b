import { ProfilePage } from '../../features/auth/components/ProfilePage/ProfilePage';

/** Not in the product's route table: sign-in is real (server-side sessions, not a mock), so users need a page to see and end their session. */
export function ProfileRoute() {
  return <ProfilePage />;
}
