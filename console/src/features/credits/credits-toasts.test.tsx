import { act } from 'react';
import { describe, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { expectToast } from '../../test/toasts';
import { showCreditsRetiredToast } from './credits-toasts';

describe('credits toasts', () => {
  it("say 'Retired 1 credit' for one credit and 'Retired 2 credits' for two", async () => {
    renderWithProviders(null);

    act(() => showCreditsRetiredToast(1));
    await expectToast('Credits Retired Successfully', 'Retired 1 credit');
    act(() => showCreditsRetiredToast(2));
    await expectToast('Credits Retired Successfully', 'Retired 2 credits');
  });
});
