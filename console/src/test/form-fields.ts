import { fireEvent, screen } from '@testing-library/react';

/** The text field (input or textarea) with this test id; fails the test when it is something else. */
export function field(testId: string): HTMLInputElement {
  const element = screen.getByTestId(testId);
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) throw new Error(`${testId} is not an input`);
  return element as HTMLInputElement;
}

export function typeInto(testId: string, value: string): void {
  fireEvent.change(field(testId), { target: { value } });
}

/** Opens the select with this test id and picks the option named `option`. */
export function choose(testId: string, option: string): void {
  fireEvent.click(screen.getByTestId(testId));
  fireEvent.click(screen.getByRole('option', { name: option }));
}
