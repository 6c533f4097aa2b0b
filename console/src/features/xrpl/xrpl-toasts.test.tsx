import { act } from 'react';
import { describe, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { expectToast } from '../../test/toasts';
import { showCreditsIssuedToast, showCreditsRetiredToast, showCreditsTokenizedToast } from './xrpl-toasts';

const anNftId = '000800006203F49C21D5D6E022CB16DE3538F248662FC73C00000001';

describe('XRPL toasts', () => {
  it("say '1 credit' for one credit and '2 credits' for two", async () => {
    renderWithProviders(null);

    act(() => showCreditsIssuedToast({ nftId: anNftId, creditAmount: 1, projectId: 'XRPL-C0FFEE012345' }));
    await expectToast(
      'Credits Issued Successfully',
      `NFT ${anNftId.slice(0, 16)}... filed 1 credit for verification under project XRPL-C0FFEE012345; they are paid as NXCC once the registry approves them.`,
    );

    act(() => showCreditsTokenizedToast({ amount: 1, tokenId: 'SOLAR-2026-AAAAAAAA', paymentResult: 'tesSUCCESS' }));
    await expectToast('Credits Tokenized', '1 credit of SOLAR-2026-AAAAAAAA is in the vault; the NXCC payment awaits validation.');
    act(() => showCreditsTokenizedToast({ amount: 2, tokenId: 'SOLAR-2026-AAAAAAAA', paymentResult: 'tesSUCCESS' }));
    await expectToast('Credits Tokenized', '2 credits of SOLAR-2026-AAAAAAAA are in the vault; the NXCC payment awaits validation.');
  });

  it("keeps the fixed retirement text 'Burned N tokens' as it is", async () => {
    renderWithProviders(null);

    act(() => showCreditsRetiredToast(1));
    await expectToast('Credits Retired Successfully', 'Burned 1 tokens');
  });
});
