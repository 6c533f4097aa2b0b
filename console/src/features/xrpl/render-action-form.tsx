import type { ComponentType } from 'react';
import { vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import type { XrplActionFormProps } from './xrpl-action-submit';
import { aSigningAddress } from './xrpl-fixtures';

/** Test only: an action form for the signing address with KYC passed, and the spy its KYC modal opens through. */
export function renderActionForm(Form: ComponentType<XrplActionFormProps>, props: Partial<XrplActionFormProps> = {}) {
  const onKycRequired = vi.fn();
  const rendered = renderWithProviders(<Form xrplAddress={aSigningAddress} kycPassed onKycRequired={onKycRequired} {...props} />);
  return { ...rendered, onKycRequired };
}
