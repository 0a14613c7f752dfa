import { isAllowedTarget, isGlobalAddress } from './target-address.filter';

describe('isGlobalAddress (webhook targets must be globally reachable)', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '169.254.0.1',
    '100.64.0.1',
    '100.127.255.255',
    '198.18.0.1',
    '198.19.255.255',
    '0.0.0.0',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '192.0.2.10',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:8.8.8.8',
    '::ffff:7f00:1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '64:ff9b::a00:1',
    '2001:db8::1',
    '2002:a00:1::1',
    '2001::1',
  ])('refuses %s', (address) => {
    expect(isGlobalAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '100.63.255.255', '100.128.0.1', '172.32.0.1', '198.20.0.1', '169.253.255.255', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e'])(
    'accepts %s',
    (address) => {
      expect(isGlobalAddress(address)).toBe(true);
    },
  );

  it('refuses what is not an address', () => {
    expect(isGlobalAddress('localhost')).toBe(false);
    expect(isGlobalAddress('')).toBe(false);
    expect(isGlobalAddress('999.1.1.1')).toBe(false);
  });
});

describe('isAllowedTarget: what a server-side fetch may connect to, in production and with a development switch', () => {
  const LINK_LOCAL_AND_METADATA = [
    '169.254.169.254',
    '169.254.0.1',
    'fe80::1',
    'fe80::a9fe:a9fe',
    'fe80::1%eth0',
    'fd00:ec2::254',
    'fd20:ce::254',
    '100.100.100.200',
    '168.63.129.16',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
  ];

  it.each(LINK_LOCAL_AND_METADATA)('refuses %s in every mode', (address) => {
    expect(isAllowedTarget(address, false)).toBe(false);
    expect(isAllowedTarget(address, true)).toBe(false);
  });

  it.each(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '10.1.2.3', '172.16.0.1', '192.168.1.1', 'fd12:3456::1'])(
    'refuses %s in production and accepts it with the development switch (loopback and private)',
    (address) => {
      expect(isAllowedTarget(address, false)).toBe(false);
      expect(isAllowedTarget(address, true)).toBe(true);
    },
  );

  it.each(['100.64.0.1', '198.18.0.1', '0.0.0.0', '::', '224.0.0.1', '::ffff:100.64.0.1', '64:ff9b::a00:1', '2002:a00:1::1', '192.0.2.10'])(
    'refuses %s even with the development switch (neither loopback nor private)',
    (address) => {
      expect(isAllowedTarget(address, true)).toBe(false);
    },
  );

  it.each(['8.8.8.8', '2606:4700:4700::1111'])('accepts the global address %s in every mode', (address) => {
    expect(isAllowedTarget(address, false)).toBe(true);
    expect(isAllowedTarget(address, true)).toBe(true);
  });
});
