import { SESSION_COOKIE, WIRE_ERRORS, type WireLoginResponse } from '@regapi/origin';
import { type Answer, json, wireError } from '../answer';
import { genericFaultAnswer } from '../generic-faults';
import { SESSION_IDLE_MS } from '../session-desk';
import { type CallContext, wait } from '../sim-context';

/** `POST /api/sessao` `{usuario, senha}`: opens THE session of the account, replacing any other (issue 3). */
export async function login(call: CallContext, body: unknown): Promise<Answer> {
  const fault = await genericFaultAnswer(call, 'login', call.armed);
  if (fault) return fault;
  await wait(call, call.state.latency.draw('login'));
  const usuario = field(body, 'usuario');
  const senha = field(body, 'senha');
  const { username, password } = call.sim.credentials;
  if (usuario !== username || senha !== password) return wireError(401, WIRE_ERRORS.credentialsRefused);
  const now = call.sim.clock.now();
  const session = call.state.sessions.login(now);
  const answer: WireLoginResponse = {
    situacao: 'AUTENTICADO',
    expira_em: new Date(now.getTime() + SESSION_IDLE_MS).toISOString(),
  };
  return json(200, answer, { 'set-cookie': `${SESSION_COOKIE}=${session.token}; Path=/; HttpOnly; SameSite=Lax` });
}

function field(body: unknown, name: string): string | undefined {
  if (typeof body !== 'object' || body === null || !(name in body)) return undefined;
  const value: unknown = Reflect.get(body, name);
  return typeof value === 'string' ? value : undefined;
}
