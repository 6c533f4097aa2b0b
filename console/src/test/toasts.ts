import { screen } from '@testing-library/react';

/** The notification whose title is `title`, once it shows. */
export async function findToast(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.mantine-Notification-title' });
  const toast = heading.closest<HTMLElement>('.mantine-Notification-root');
  if (!toast) throw new Error(`no toast around "${title}"`);
  return toast;
}
