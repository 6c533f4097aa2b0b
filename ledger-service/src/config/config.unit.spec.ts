import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('defaults to the embedded mode', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({ PORT: 3000, EVENT_STORE: 'postgres', dataDir: '/srv/app/.data' });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT ("eighty")'],
    [{ EVENT_STORE: 'mongodb' }, 'EVENT_STORE ("mongodb")'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL (set)'],
    [{ EVENT_STORE: 'kurrentdb' }, 'KURRENTDB_URL (unset): is required when EVENT_STORE=kurrentdb'],
  ])('names the bad variable %j and stops', (env, named) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(named);
  });

  it('never echoes a connection string, which may hold a password', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://user:secret@host/db' })).not.toThrow(/secret/);
  });

  it('reads TRUST_PROXY as false, a hop count or proxy addresses, and refuses anything else', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,::1' }).TRUST_PROXY).toEqual(['loopback', '10.0.0.0/8', '::1']);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow('TRUST_PROXY ("yes please")');
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(ConfigError);
  });

  it('takes an empty variable as unset (as docker compose passes ${VAR:-}), so an optional URL left empty is not an invalid URL', () => {
    const config = loadConfig({ CARBON_PRICE_FEED_URL: '', DATABASE_URL: '', PORT: '', METRICS_PORT: '' });
    expect(config.CARBON_PRICE_FEED_URL).toBeUndefined();
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PORT).toBe(3000);
    expect(config.METRICS_PORT).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464);
    // The label rules the compose file passes empty keep their documented defaults.
    const labels = loadConfig({ CCP_APPROVED_METHODOLOGIES: '', CORSIA_ELIGIBLE_STANDARDS: '', CORSIA_VINTAGES: '' });
    expect([labels.CCP_APPROVED_METHODOLOGIES, labels.CORSIA_ELIGIBLE_STANDARDS, labels.CORSIA_VINTAGES]).toEqual([undefined, undefined, undefined]);
    expect(() => loadConfig({ CORSIA_VINTAGES: '2026-2021' })).toThrow('CORSIA_VINTAGES');
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow('METRICS_PORT ("70000")');
  });
});
