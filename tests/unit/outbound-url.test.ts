// Member-given URLs the server fetches (lib/outbound-url.ts): https only, and never an address on
// a private, loopback, link-local, metadata or otherwise reserved network, unless allowed.
import { describe, expect, it } from 'vitest';
import { OUTBOUND_MESSAGES as M, checkOutboundUrl, isPublicAddress } from '../../server/src/lib/outbound-url.js';

const resolvingTo = (...addresses: string[]) => async () => addresses;
const check = (url: string, resolve = resolvingTo('93.184.216.34')) => checkOutboundUrl(url, { allowPrivate: false, resolve });

describe('checkOutboundUrl', () => {
  it('accepts https to a public address', async () => {
    expect((await check('https://push.example.com/send/abc')).hostname).toBe('push.example.com');
    expect((await check('https://[2606:4700:4700::1111]/x')).hostname).toBe('[2606:4700:4700::1111]');
  });

  it.each([
    ['loopback', 'https://127.0.0.1/x'],
    ['loopback IPv6', 'https://[::1]/x'],
    ['private 10/8', 'https://10.1.2.3/x'],
    ['private 172.16/12', 'https://172.20.0.1/x'],
    ['private 192.168/16', 'https://192.168.1.1/x'],
    ['link-local and cloud metadata', 'https://169.254.169.254/latest/meta-data'],
    ['carrier-grade NAT', 'https://100.64.0.1/x'],
    ['unspecified', 'https://0.0.0.0/x'],
    ['IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/x'],
    ['unique local IPv6', 'https://[fd00::1]/x'],
    ['link-local IPv6', 'https://[fe80::1]/x'],
    ['multicast', 'https://224.0.0.1/x'],
  ])('refuses %s', async (_what, url) => {
    await expect(check(url)).rejects.toThrow(M.private);
  });

  it('refuses a name that resolves to a private address, even one of several', async () => {
    await expect(check('https://internal.example.com/x', resolvingTo('10.0.0.5'))).rejects.toThrow(M.private);
    await expect(check('https://mixed.example.com/x', resolvingTo('93.184.216.34', '127.0.0.1'))).rejects.toThrow(M.private);
    await expect(check('https://localhost/x', resolvingTo('127.0.0.1', '::1'))).rejects.toThrow(M.private);
  });

  it('refuses plain http, other schemes, credentials in the URL, junk and names that do not resolve', async () => {
    await expect(check('http://push.example.com/x')).rejects.toThrow(M.https);
    await expect(check('ftp://push.example.com/x')).rejects.toThrow(M.invalid);
    await expect(check('https://user:pw@push.example.com/x')).rejects.toThrow(M.invalid);
    await expect(check('not a url')).rejects.toThrow(M.invalid);
    await expect(checkOutboundUrl('https://nowhere.invalid/x', { allowPrivate: false, resolve: async () => Promise.reject(new Error('ENOTFOUND')) })).rejects.toThrow(M.unresolvable);
  });

  it('allows private addresses and http when ALLOW_PRIVATE_OUTBOUND_URLS is on (development, tests)', async () => {
    expect((await checkOutboundUrl('http://127.0.0.1:4000/push', { allowPrivate: true })).port).toBe('4000');
  });

  it('judges addresses by their range', () => {
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('192.168.0.1')).toBe(false);
    expect(isPublicAddress('not-an-ip')).toBe(false);
  });
});
