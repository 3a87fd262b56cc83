/** Whether `promise` has settled, after letting pending callbacks run (no timers involved). */
export async function hasSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  promise.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
  return settled;
}
