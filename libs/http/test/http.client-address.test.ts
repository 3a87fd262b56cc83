import { addressKey } from '@regapi/http';

// Decision 0055: refused credentials are counted per client address; an IPv6 host is counted by its /64.

test.each([
  ['127.0.0.1', '127.0.0.1'],
  ['::ffff:203.0.113.7', '203.0.113.7'],
  ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
  ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
  ['2001:0db8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
  ['2001:db8::1', '2001:db8:0:0::/64'],
  ['::1', '0:0:0:0::/64'],
  ['fe80::1%eth0', 'fe80:0:0:0::/64'],
])('%s is counted as %s', (address, key) => {
  expect(addressKey(address)).toBe(key);
});
