// Which address a per-address rate limit counts by.
import { describe, expect, it } from 'vitest';
import { rateLimitAddress } from './client-address.ts';

describe('rateLimitAddress', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(rateLimitAddress('203.0.113.7')).toBe('203.0.113.7');
  });

  it('unwraps an IPv4-mapped IPv6 address, so both forms share one count', () => {
    expect(rateLimitAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every IPv6 address of one /64 together, however it is written', () => {
    const network = '2001:db8:aa:1::/64';
    expect(rateLimitAddress('2001:db8:aa:1::1')).toBe(network);
    expect(rateLimitAddress('2001:0db8:00aa:0001:ffff:1234:5678:9abc')).toBe(network);
    expect(rateLimitAddress('2001:DB8:AA:1:0:0:0:2')).toBe(network);
    expect(rateLimitAddress('2001:db8:aa:2::1')).toBe('2001:db8:aa:2::/64');
  });

  it('handles compressed heads, zone ids and loopback', () => {
    expect(rateLimitAddress('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
