// The `regapi` commands over the account (orders list, webhook endpoints) and their option parsing, apart from cli.ts's
// dispatch. A value the API would refuse is left to the API (422, exit 5); only the command line's own shape is checked.
import { EXIT } from './cli-format';
import type { RegapiClient } from './client';
import type { ConsultaListItem, ConsultasQuery, ExtratoQuery, WebhookEndpointBody } from './types';

export class UsageError extends Error {}

export type Out = (data: unknown, lines: readonly string[]) => void;

export function oneOf<const T extends string>(value: string, allowed: readonly T[], what: string): T {
  const found = allowed.find((item) => item === value);
  if (found === undefined) throw new UsageError(`${what}: um de ${allowed.join(', ')}`);
  return found;
}

export function dialect(value: string): NonNullable<ExtratoQuery['dialeto']> {
  return oneOf(value, ['rfc4180', 'pt-BR'], '--dialeto');
}

interface ListValues {
  readonly fonte?: string | undefined;
  readonly estado?: string | undefined;
  readonly referencia?: string | undefined;
  readonly prefixo?: string | undefined;
  readonly monitoramento?: string | undefined;
  readonly de?: string | undefined;
  readonly ate?: string | undefined;
  readonly limite?: string | undefined;
}

/** `regapi pedidos`' filters as the query of `GET /v1/consultas` (the API checks their values). */
export function listQuery(values: ListValues): Omit<ConsultasQuery, 'cursor'> {
  const query: Record<string, string | number> = {};
  if (values.fonte !== undefined) query.fonte = values.fonte;
  if (values.estado !== undefined) query.estado = values.estado;
  if (values.referencia !== undefined) query.referencia = values.referencia;
  if (values.prefixo !== undefined) query.referencia_prefixo = values.prefixo;
  if (values.monitoramento !== undefined) query.monitoramento = values.monitoramento;
  if (values.de !== undefined) query.de = values.de;
  if (values.ate !== undefined) query.ate = values.ate;
  if (values.limite !== undefined) query.limite = /^\d+$/.test(values.limite) ? Number(values.limite) : values.limite;
  return query as Omit<ConsultasQuery, 'cursor'>;
}

export function orderLine(order: ConsultaListItem): string {
  const result = order.codigo === null ? order.estado : `${order.estado} ${order.codigo}`;
  const reference = order.referencia === null ? '' : `  ${order.referencia}`;
  return `${order.protocolo}  ${order.aceito_em}  ${order.fonte} ${order.uf}  ${result}${reference}`;
}

function need(value: string | undefined, what: string): string {
  if (value === undefined) throw new UsageError(`faltou ${what}`);
  return value;
}

/** `regapi webhooks <ação> ...`. */
export async function webhooksCommand(client: RegapiClient, args: readonly string[], out: Out): Promise<number> {
  const [action, ...rest] = args;
  const id = () => need(rest[0], 'o id do webhook');
  switch (action) {
    case 'listar': {
      const answer = await client.webhooks.list();
      out(
        answer,
        answer.data.map(
          (hook) => `${hook.id}  ${hook.ativo ? 'ativo' : 'INATIVO'}  ${hook.url}  ${hook.eventos.join(',')}`,
        ),
      );
      return EXIT.ok;
    }
    case 'criar': {
      const [url, ...eventos] = rest;
      const body = { url: need(url, 'a URL'), eventos } as WebhookEndpointBody;
      const answer = await client.webhooks.create(body);
      const hook = answer.data[0];
      out(answer, [`registrado ${hook?.id}; segredo (mostrado só agora): ${hook?.segredo}`]);
      return EXIT.ok;
    }
    case 'ver': {
      const answer = await client.webhooks.get(id());
      const hook = answer.data[0];
      out(answer, [`${hook?.id}  ${hook?.ativo ? 'ativo' : 'INATIVO'}  ${hook?.url}  ${hook?.eventos.join(',')}`]);
      return EXIT.ok;
    }
    case 'ativar':
    case 'desativar': {
      const answer = await client.webhooks.update(id(), { ativo: action === 'ativar' });
      out(answer, [`${answer.data[0]?.id}: ${answer.data[0]?.ativo ? 'ativo' : 'inativo'}`]);
      return EXIT.ok;
    }
    case 'remover': {
      const answer = await client.webhooks.delete(id());
      out(answer, [`${rest[0]}: removido`]);
      return EXIT.ok;
    }
    case 'testar': {
      const answer = await client.webhooks.test(id());
      out(answer, [`evento de teste ${answer.data[0]?.id} agendado (${answer.data[0]?.situacao})`]);
      return EXIT.ok;
    }
    case 'entregas': {
      const answer = await client.webhooks.deliveries(id());
      out(
        answer,
        answer.data.map(
          (delivery) =>
            `${delivery.id}  ${delivery.evento}  ${delivery.situacao}  ${delivery.tentativas.length} tentativas`,
        ),
      );
      return EXIT.ok;
    }
    case 'reenviar': {
      const answer = await client.webhooks.redeliver(id(), need(rest[1], 'o id da entrega'));
      out(answer, [`entrega ${answer.data[0]?.id}: ${answer.data[0]?.situacao}`]);
      return EXIT.ok;
    }
    default:
      throw new UsageError(`webhooks: ação desconhecida ${action ?? '(nenhuma)'}`);
  }
}
