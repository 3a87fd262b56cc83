// A test that reaches its end without one `expect` fails (decision 0118): a check made only by throwing (a wait that
// times out) or an assertion that never runs (one inside a catch, behind an early return) cannot pass it silently.
beforeEach(() => {
  expect.hasAssertions();
});
