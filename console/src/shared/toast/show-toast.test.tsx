import { screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { showToast } from './show-toast';

describe('showToast', () => {
  it('replaces the visible toast with the newest one', async () => {
    renderWithProviders(null);

    act(() => {
      showToast({ title: 'First', message: 'first message' });
    });
    expect(await screen.findByText('First')).toBeInTheDocument();

    act(() => {
      showToast({ title: 'Second', message: 'second message' });
    });
    expect(await screen.findByText('Second')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('First')).not.toBeInTheDocument());
  });
});
