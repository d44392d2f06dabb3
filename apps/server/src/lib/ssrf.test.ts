import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, ForbiddenTargetError, isForbiddenAddress, resolveWebhookTarget } from './ssrf.ts';

describe('isForbiddenAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '0.1.2.3',
    '100.64.0.1',
    '100.127.255.255',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'febf::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::10.0.0.1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])(
    'allows %s',
    (address) => {
      expect(isForbiddenAddress(address)).toBe(false);
    },
  );
});

describe('isForbiddenAddress with an IPv4 address carried inside IPv6', () => {
  it.each([
    ['IPv4-compatible, dotted', '::127.0.0.1'],
    ['IPv4-compatible, hex (as the URL parser writes it)', '::7f00:1'],
    ['IPv4-compatible, public IPv4', '::8.8.8.8'],
    ['IPv4-mapped, written out in full', '0:0:0:0:0:ffff:7f00:1'],
    ['IPv4-mapped, upper case', '::FFFF:7F00:1'],
    ['SIIT (::ffff:0:a.b.c.d)', '::ffff:0:127.0.0.1'],
    ['SIIT in hex', '::ffff:0:a9fe:a9fe'],
    ['NAT64 in hex', '64:ff9b::a00:1'],
    ['NAT64 to metadata', '64:ff9b::169.254.169.254'],
    ['NAT64 local-use prefix', '64:ff9b:1::8.8.8.8'],
    ['6to4 of loopback', '2002:7f00:1::'],
    ['6to4 of a private network', '2002:c0a8:101::1'],
    ['6to4 of metadata', '2002:a9fe:a9fe:1:2:3:4:5'],
    ['Teredo', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
    ['Teredo whose client is loopback', '2001:0:808:808::80ff:fffe'],
    ['a zone id on link-local', 'fe80::1%eth0'],
    ['discard-only', '100::1'],
  ])('refuses %s: %s', (_form, address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each(['2002:808:808::1', '64:ff9b::8.8.8.8', '::ffff:0:8.8.8.8', '2a00:1450:4001:81c::200e'])(
    'allows %s, which carries a public address or none',
    (address) => {
      expect(isForbiddenAddress(address)).toBe(false);
    },
  );
});

describe('checkWebhookUrl', () => {
  const strict = { allowPrivate: false };
  const relaxed = { allowPrivate: true };

  it('takes a public https URL', () => {
    expect(checkWebhookUrl('https://hooks.example.com/shipyard?x=1', strict)).toBeUndefined();
  });

  it('refuses plain http, a literal private address and localhost names', () => {
    expect(checkWebhookUrl('http://hooks.example.com/', strict)).toBe('https');
    expect(checkWebhookUrl('https://127.0.0.1:8443/', strict)).toBe('private');
    expect(checkWebhookUrl('https://[::1]/', strict)).toBe('private');
    expect(checkWebhookUrl('https://[::ffff:127.0.0.1]/', strict)).toBe('private');
    expect(checkWebhookUrl('https://[::127.0.0.1]/', strict)).toBe('private');
    expect(checkWebhookUrl('https://[::ffff:7f00:1]/', strict)).toBe('private');
    expect(checkWebhookUrl('https://[64:ff9b::10.0.0.1]/', strict)).toBe('private');
    expect(checkWebhookUrl('https://[2002:7f00:1::1]/', strict)).toBe('private');
    expect(checkWebhookUrl('https://[0:0:0:0:0:ffff:169.254.169.254]/', strict)).toBe('private');
    expect(checkWebhookUrl('https://169.254.169.254/latest/meta-data', strict)).toBe('private');
    expect(checkWebhookUrl('https://localhost/', strict)).toBe('private');
    expect(checkWebhookUrl('https://api.localhost./', strict)).toBe('private');
    expect(checkWebhookUrl('https://0x7f000001/', strict)).toBe('private');
    expect(checkWebhookUrl('https://2130706433/', strict)).toBe('private');
  });

  it('refuses other schemes and credentials, whatever WEBHOOK_ALLOW_PRIVATE says', () => {
    expect(checkWebhookUrl('ftp://example.com/', relaxed)).toBe('invalid');
    expect(checkWebhookUrl('file:///etc/passwd', relaxed)).toBe('invalid');
    expect(checkWebhookUrl('not a url', relaxed)).toBe('invalid');
    expect(checkWebhookUrl('https://user:pass@example.com/', relaxed)).toBe('credentials');
  });

  it('with WEBHOOK_ALLOW_PRIVATE takes loopback over http', () => {
    expect(checkWebhookUrl('http://127.0.0.1:4000/hook', relaxed)).toBeUndefined();
    expect(checkWebhookUrl('http://localhost:4000/hook', relaxed)).toBeUndefined();
  });
});

describe('resolveWebhookTarget', () => {
  const lookupOf =
    (...addresses: string[]) =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('answers the first address of a public name', async () => {
    const target = await resolveWebhookTarget(new URL('https://hooks.example.com/'), {
      allowPrivate: false,
      lookup: lookupOf('93.184.216.34', '2606:2800::1'),
    });
    expect(target).toEqual({ address: '93.184.216.34', family: 4 });
  });

  it('refuses a name with any private address among its answers', async () => {
    await expect(
      resolveWebhookTarget(new URL('https://rebind.example.com/'), {
        allowPrivate: false,
        lookup: lookupOf('93.184.216.34', '10.0.0.5'),
      }),
    ).rejects.toThrow(ForbiddenTargetError);
    await expect(
      resolveWebhookTarget(new URL('https://meta.example.com/'), {
        allowPrivate: false,
        lookup: lookupOf('169.254.169.254'),
      }),
    ).rejects.toThrow(ForbiddenTargetError);
  });

  it('does not look up a literal address, and lets private ones through when allowed', async () => {
    const never = async () => {
      throw new Error('looked up');
    };
    await expect(
      resolveWebhookTarget(new URL('http://127.0.0.1:9/'), { allowPrivate: true, lookup: never }),
    ).resolves.toEqual({ address: '127.0.0.1', family: 4 });
    await expect(
      resolveWebhookTarget(new URL('http://[::1]:9/'), { allowPrivate: false, lookup: never }),
    ).rejects.toThrow(ForbiddenTargetError);
  });
});
