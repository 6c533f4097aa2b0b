import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { KycModal } from './KycModal';

describe('KycModal', () => {
  it("is a dialog with a title, a description and a close button named 'Close' (spec 2)", async () => {
    mockFetch(() => new Promise<Response>(() => {}));
    renderWithProviders(<KycModal opened onClose={() => {}} address="rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe" />);

    const dialog = await screen.findByRole('dialog', { name: 'Identity verification' });
    expect(dialog).toHaveAttribute('aria-describedby');
    expect(screen.getByRole('dialog', { description: /^Trading, issuing and retiring credits need KYC verified for your XRPL address\./ })).toBe(dialog);
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });
});
