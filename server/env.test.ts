// Start-up configuration: defaults, and a bad value stops start-up with a message naming the variable.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

/** The error loadConfig throws for `env`, or a failure when it throws none. */
function configErrorOf(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('configuration', () => {
  it('starts with the documented defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      dataDir: './data',
      databaseUrl: undefined,
      appUrl: 'http://localhost:3000',
      trustProxy: false,
      logLevel: 'info',
      smtpUrl: undefined,
      queuePollIntervalMs: 1000,
      maintenanceScanIntervalMs: 300_000,
      passwordHashCost: 17,
    });
  });

  it('lets a test server hash passwords cheaper, never a production one', () => {
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: '12' }).passwordHashCost).toBe(12);
    expect(loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_COST: '18' }).passwordHashCost).toBe(18);
    expect(configErrorOf({ NODE_ENV: 'production', PASSWORD_HASH_COST: '12' }).message).toMatch(
      /PASSWORD_HASH_COST: Must be at least 17 in production/,
    );
    expect(configErrorOf({ PASSWORD_HASH_COST: '11' }).message).toMatch(/\bPASSWORD_HASH_COST\b/);
  });

  it('lets a test server read its clock from a file, never a production one', () => {
    expect(loadConfig({}).appClockFile).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test', APP_CLOCK_FILE: '/tmp/now' }).appClockFile).toBe('/tmp/now');
    expect(configErrorOf({ NODE_ENV: 'production', APP_CLOCK_FILE: '/tmp/now' }).message).toMatch(
      /APP_CLOCK_FILE: Must not be set in production/,
    );
  });

  it('takes the queue poll interval in milliseconds', () => {
    expect(loadConfig({ QUEUE_POLL_INTERVAL_MS: '250' }).queuePollIntervalMs).toBe(250);
  });

  it('still reads the old JOBS_POLL_INTERVAL_MS when the new name is not set', () => {
    expect(loadConfig({ JOBS_POLL_INTERVAL_MS: '300' }).queuePollIntervalMs).toBe(300);
    expect(
      loadConfig({ JOBS_POLL_INTERVAL_MS: '300', QUEUE_POLL_INTERVAL_MS: '400' }).queuePollIntervalMs,
    ).toBe(400);
  });

  it.each(['0', '50', 'soon', '1.5', '60001'])('refuses QUEUE_POLL_INTERVAL_MS=%s, naming it', (value) => {
    expect(configErrorOf({ QUEUE_POLL_INTERVAL_MS: value }).message).toMatch(/\bQUEUE_POLL_INTERVAL_MS\b/);
  });

  it('takes the maintenance scan interval in milliseconds, a second at least', () => {
    expect(loadConfig({ MAINTENANCE_SCAN_INTERVAL_MS: '1000' }).maintenanceScanIntervalMs).toBe(1000);
  });

  it.each(['0', '999', 'often', '2.5', '86400001'])(
    'refuses MAINTENANCE_SCAN_INTERVAL_MS=%s, naming it',
    (value) => {
      expect(configErrorOf({ MAINTENANCE_SCAN_INTERVAL_MS: value }).message).toMatch(
        /\bMAINTENANCE_SCAN_INTERVAL_MS\b/,
      );
    },
  );

  it('counts an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it('takes the public origin without a trailing slash', () => {
    expect(loadConfig({ APP_URL: 'https://forgeboard.example.com/' }).appUrl).toBe(
      'https://forgeboard.example.com',
    );
  });

  it.each(['abc', '70000', '-1', '3000.5'])('refuses PORT=%s, naming PORT', (port) => {
    expect(configErrorOf({ PORT: port }).message).toMatch(/\bPORT\b/);
  });

  it('names every bad variable at once', () => {
    const message = configErrorOf({
      PORT: 'x',
      DATABASE_URL: 'mysql://db/forgeboard',
      LOG_LEVEL: 'loud',
    }).message;
    for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL']) expect(message).toContain(name);
  });

  it('accepts postgres:// and postgresql:// database URLs', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/fb' }).databaseUrl).toBe(
      'postgres://u@db:5432/fb',
    );
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@db/fb' }).databaseUrl).toBe('postgresql://u@db/fb');
  });

  it('sizes the database pools at 10 unless DATABASE_POOL_SIZE says otherwise, and refuses a size out of range', () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '32' }).databasePoolSize).toBe(32);
    for (const bad of ['0', '201', '2.5', 'many'])
      expect(configErrorOf({ DATABASE_POOL_SIZE: bad }).message).toContain(
        'DATABASE_POOL_SIZE: Must be a whole number from 1 to 200',
      );
  });

  it('refuses a session secret shorter than 32 characters, naming SESSION_SECRET', () => {
    expect(configErrorOf({ SESSION_SECRET: 'short' }).message).toContain('SESSION_SECRET');
  });
});

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['false', false],
    ['true', true],
    ['1', 1],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.1, 192.168.0.0/16,::1', ['10.0.0.1', '192.168.0.0/16', '::1']],
  ] as const)('reads %s as %j', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['proxy.internal', '10.0.0.1,evil', 'yes please'])('refuses %s, naming TRUST_PROXY', (value) => {
    expect(configErrorOf({ TRUST_PROXY: value }).message).toContain('TRUST_PROXY');
  });
});
