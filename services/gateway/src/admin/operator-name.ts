/**
 * `X-Operator`: who at the keyboard sent an admin call, as the ops CLI declares it (REGAPI_OPERATOR, else the login
 * name). Declared, not proven: the credential proves access, this names the person in the audit (decision 0054).
 * ASCII only, so it travels in an HTTP header unchanged; the same rule as the audit table's CHECK.
 */
export const OPERATOR_HEADER = 'X-Operator';

const OPERATOR_NAME = /^[A-Za-z0-9][A-Za-z0-9._@+-]{0,63}$/;

export function isOperatorName(value: string): boolean {
  return OPERATOR_NAME.test(value);
}
