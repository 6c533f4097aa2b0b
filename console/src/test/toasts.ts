import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';

/** The notification whose title is `title`, once it shows. */
export async function findToast(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.mantine-Notification-title' });
  const toast = heading.closest<HTMLElement>('.mantine-Notification-root');
  if (!toast) throw new Error(`no toast around "${title}"`);
  return toast;
}

/** Waits for the notification titled `title` and checks that it says `text`; returns it for further checks. */
export async function expectToast(title: string, text: string | RegExp): Promise<HTMLElement> {
  const toast = await findToast(title);
  expect(within(toast).getByText(text)).toBeInTheDocument();
  return toast;
}
