import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('configuration (parsed once with zod)', () => {
  it('defaults: embedded database in ./data, info logs', () => {
    const c = loadConfig({});
    expect(c.DATA_DIR).toBe('./data');
    expect(c.LOG_LEVEL).toBe('info');
    expect(c.DATABASE_URL).toBeUndefined();
  });
  it('empty values in .env mean "not set"', () => {
    expect(loadConfig({ DATABASE_URL: '', DISCORD_TOKEN: '  ' }).DISCORD_TOKEN).toBeUndefined();
  });
  it('a missing token when one is needed is one clear line, not a stack trace', () => {
    expect(() => loadConfig({}, { token: true })).toThrow(ConfigError);
    expect(() => loadConfig({}, { token: true })).toThrow(/^DISCORD_TOKEN is not set: .*npm run play/);
  });
  it('a malformed value names the key', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must start with postgres/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ DEV_GUILD_ID: 'abc' })).toThrow(/DEV_GUILD_ID/);
  });
});
