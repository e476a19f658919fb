import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { ipKey, tooManyAttempts } from './rate-limit';

describe('rate limit settings', () => {
  it('reads <max>/<window> and has defaults for every limit', () => {
    const config = loadConfig({
      RATE_LIMIT_CODE_PER_IP: '7/2h',
      RATE_LIMIT_UPLOAD_PER_PERSON: '3/30s',
    });
    expect(config.rateLimits.codePerIp).toEqual({ max: 7, windowMs: 7_200_000 });
    expect(config.rateLimits.uploadPerPerson).toEqual({ max: 3, windowMs: 30_000 });
    expect(config.rateLimits.codePerPerson).toEqual({ max: 10, windowMs: 600_000 });
    expect(config.signInMaxAttemptsPerIp).toBe(50);
  });

  it('lists a malformed limit by its name', () => {
    const load = () =>
      loadConfig({ RATE_LIMIT_SIGNUP_PER_IP: '20 per hour', RATE_LIMIT_CODE_PER_PERSON: '0/1m' });
    expect(load).toThrow(ConfigError);
    try {
      load();
    } catch (err) {
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toContain('RATE_LIMIT_SIGNUP_PER_IP');
      expect(problems).toContain('RATE_LIMIT_CODE_PER_PERSON');
    }
  });
});

describe('rate limit keys and answers', () => {
  it('counts IPv6 clients per /64 and IPv4-mapped addresses as IPv4', () => {
    expect(ipKey('2001:db8:1:2:aaaa::1')).toBe(ipKey('2001:db8:1:2:bbbb::2'));
    expect(ipKey('2001:db8:1:2::1')).not.toBe(ipKey('2001:db8:1:3::1'));
    expect(ipKey('::ffff:192.0.2.7')).toBe(ipKey('192.0.2.7'));
  });

  it('says in whole minutes when to try again, at least one', () => {
    expect(tooManyAttempts(5).values).toEqual({ minutes: 1 });
    expect(tooManyAttempts(600).values).toEqual({ minutes: 10 });
    expect(tooManyAttempts(601).values).toEqual({ minutes: 11 });
  });
});
