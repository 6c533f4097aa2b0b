import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config/config.js';

describe('KYC and AML configuration', () => {
  it('defaults to the sandbox provider, a year of validity and the FATF call-for-action countries', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      KYC_PROVIDER: 'sandbox',
      KYC_VALIDITY_DAYS: 365,
      KYC_HIGH_RISK_COUNTRIES: ['KP', 'IR', 'MM'],
      AML_AMOUNT_THRESHOLD_USD: 10_000,
      AML_CRITICAL_AMOUNT_USD: 50_000,
      AML_VELOCITY_MAX: 10,
      AML_STRUCTURING_COUNT: 3,
    });
  });

  it('requires the API key and template when Persona is selected, and never echoes the key', () => {
    expect(() => loadConfig({ KYC_PROVIDER: 'persona' })).toThrow(ConfigError);
    expect(() => loadConfig({ KYC_PROVIDER: 'persona' })).toThrow('KYC_API_KEY (unset): is required when KYC_PROVIDER=persona');
    expect(() => loadConfig({ KYC_PROVIDER: 'persona', KYC_API_KEY: 'persona_sandbox_secret123' })).toThrow('KYC_TEMPLATE_ID');
    expect(() => loadConfig({ KYC_PROVIDER: 'persona', KYC_API_KEY: 'short', KYC_TEMPLATE_ID: 'itmpl_abc' })).not.toThrow(/short/);
    expect(loadConfig({ KYC_PROVIDER: 'persona', KYC_API_KEY: 'persona_sandbox_secret123', KYC_TEMPLATE_ID: 'itmpl_abc' }).KYC_PROVIDER).toBe('persona');
  });

  it('reads country lists and refuses bad ones', () => {
    expect(loadConfig({ AML_HIGH_RISK_JURISDICTIONS: 'ir, kp ,SY' }).AML_HIGH_RISK_JURISDICTIONS).toEqual(['IR', 'KP', 'SY']);
    expect(() => loadConfig({ KYC_HIGH_RISK_COUNTRIES: 'Iran' })).toThrow('KYC_HIGH_RISK_COUNTRIES');
    expect(() => loadConfig({ AML_AMOUNT_THRESHOLD_USD: '60000' })).toThrow('AML_CRITICAL_AMOUNT_USD');
  });
});
