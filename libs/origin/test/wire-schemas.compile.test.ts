import { wireValidators } from '../src';

// Decision 0180: the driver's validators are compiled on their first use. Each is used here once, so a schema strict
// ajv refuses fails the suite, not the first origin answer of its kind in production.

test.each(Object.keys(wireValidators))('the %s validator compiles and refuses a value of the wrong type', (name) => {
  const validate = wireValidators[name as keyof typeof wireValidators]();
  expect(validate('not an object')).toBe(false);
  expect(validate.errors?.length).toBeGreaterThan(0);
});
