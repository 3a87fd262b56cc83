import { formatCpfCnpj } from '@regapi/br';
import type { Watch } from './watch';

function text(request: Readonly<Record<string, unknown>>, name: string): string {
  const value = request[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/**
 * Who or what a watch watches, in one line — the document formatted and where (a UF, or "todo o Brasil"), or the
 * record and its office — as the console's pages and the change e-mail show it (one rendering: decisions 0167, 0169).
 */
export function watchedText(watch: Pick<Watch, 'kind' | 'request'>): string {
  const request = watch.request;
  if (watch.kind === 'pessoa') {
    const document = text(request, 'cpf_cnpj');
    const uf = text(request, 'uf');
    return `${formatCpfCnpj(document) ?? document} — ${uf === '' ? 'todo o Brasil' : uf}`;
  }
  return `Matrícula ${text(request, 'imovel_matricula')}, ${text(request, 'imovel_cartorio')}º ofício de ${text(
    request,
    'imovel_municipio',
  )}/${text(request, 'imovel_uf')}`;
}
