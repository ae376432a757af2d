import { describe, expect, it } from 'vitest';
import { checkAddress, isPublicAddress } from '../../lib/fetch/address-policy.js';
import { isOptedOut, normaliseHost } from '../../lib/fetch/url-policy.js';

describe('isPublicAddress', () => {
  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '198.17.255.255',
    '198.20.0.0',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2a00:1450:4001:81d::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('allows %s', (address) => {
    expect(checkAddress(address)).toEqual({ public: true });
  });

  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.0.1', 'link-local'],
    ['172.16.0.1', 'private'],
    ['192.0.0.170', 'IETF protocol assignments'],
    ['192.0.2.1', 'documentation'],
    ['192.88.99.1', '6to4 relay anycast'],
    ['192.168.255.255', 'private'],
    ['198.18.0.1', 'benchmarking'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['224.0.0.251', 'multicast'],
    ['240.1.2.3', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['168.63.129.16', 'cloud metadata (Azure wire server)'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['::7f00:1', 'IPv4-compatible form'],
    ['::a9fe:a9fe', 'IPv4-compatible form'],
    ['::808:808', 'IPv4-compatible form'],
    ['::ffff:7f00:1', 'IPv4-mapped form of 127.0.0.1 (loopback)'],
    ['::ffff:0:7f00:1', 'IPv4-translated form'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 form of 169.254.169.254 (cloud metadata)'],
    ['64:ff9b:1::a00:1', 'NAT64 form of 10.0.0.1 (private)'],
    ['2002:c0a8:101::', '6to4 form of 192.168.1.1 (private)'],
    ['100::1', 'discard-only'],
    ['100:0:0:1::', 'outside global unicast 2000::/3'],
    ['2001::1', 'Teredo'],
    ['2001:2::1', 'IETF protocol assignments'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['fc00::1', 'unique local (private)'],
    ['fd00:ec2::254', 'cloud metadata'],
    ['fe80::1', 'link-local'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['5f00::1', 'segment routing'],
    ['4000::1', 'outside global unicast 2000::/3'],
  ])('refuses %s (%s)', (address, reason) => {
    expect(checkAddress(address)).toEqual({ public: false, reason });
  });

  it('accepts bracketed IPv6 and refuses anything that is not a canonical address', () => {
    expect(isPublicAddress('[2606:4700:4700::1111]')).toBe(true);
    for (const notCanonical of [
      '0177.0.0.1',
      '0x7f.0.0.1',
      '2130706433',
      '127.1',
      'localhost',
      '',
      ' 8.8.8.8',
    ]) {
      expect(isPublicAddress(notCanonical), notCanonical).toBe(false);
    }
  });
});

describe('host normalisation and the opt-out list', () => {
  it('lower-cases, unbrackets and drops trailing dots', () => {
    expect(normaliseHost('Example.COM.')).toBe('example.com');
    expect(normaliseHost('example.com..')).toBe('example.com');
    expect(normaliseHost('[::1]')).toBe('::1');
  });

  it('matches a listed host and its subdomains only', () => {
    const list = new Set(['example.com']);
    expect(isOptedOut('example.com', list)).toBe(true);
    expect(isOptedOut('WWW.Example.com.', list)).toBe(true);
    expect(isOptedOut('a.b.example.com', list)).toBe(true);
    expect(isOptedOut('notexample.com', list)).toBe(false);
    expect(isOptedOut('example.com.evil.test', list)).toBe(false);
  });
});
