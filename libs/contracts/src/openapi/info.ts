import { API_VERSION } from '../envelope';
import { FONTES, PRODUCTS } from '../products';
import type { JsonObject } from './json';
import { resultClassTable } from './result-code-table';

const betaProducts = FONTES.filter((fonte) => PRODUCTS[fonte].beta).map((fonte) => `\`${fonte}\``);

const DESCRIPTION = [
  'API paga sobre o registro de imóveis nacional (a origem). Três produtos, cada um com orçamento grátis (`POST /v1/orcamento/{fonte}`) e execução paga e assíncrona (`POST /v1/consultas/{fonte}`, com `Idempotency-Key` obrigatória), cujo resultado se lê em `GET /v1/consultas/{protocolo}`. Referência: docs/api.md; contrato: spec.',
  `Produtos em BETA (contract 9.6): ${betaProducts.join(' e ')}; suas operações trazem \`x-beta: true\`.`,
  'Toda resposta, erros incluídos, é o mesmo envelope (contract 2.1). Nos erros de transporte `code` é o status HTTP; o RESULTADO de uma consulta viaja em `code` com HTTP 200: aja pelo `code` (contract 7.2). Cada código em `x-result-codes`; por classe (contract 7.3):',
  resultClassTable(),
  'Formatos próprios dos corpos: `x-format` nomeia a verificação que o servidor faz (`cpf-cnpj`, `uf`, `imovel-matricula`: dígitos verificadores inclusive); o `pattern` ao lado diz só a forma, em JSON Schema padrão. Campos novos opcionais podem aparecer a qualquer momento: ignore o que não conhece (contract 9.2).',
].join('\n\n');

export const INFO: JsonObject = {
  title: 'regapi: consultas ao registro de imóveis',
  version: API_VERSION,
  description: DESCRIPTION,
};

/** Spec: the base address is `{base_url}`; paths carry `/v1` (contract 9.5). */
export const SERVERS: readonly JsonObject[] = [
  {
    url: '{base_url}',
    description: 'O endereço da API.',
    variables: {
      base_url: {
        default: 'http://127.0.0.1:8080',
        description: 'Endereço da API (o padrão é o modo standalone local).',
      },
    },
  },
];

/** Contract 5: HTTP bearer on every endpoint; a token in the query string is refused. */
export const SECURITY_SCHEMES: Readonly<Record<string, JsonObject>> = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'Authorization: Bearer <token> em toda chamada (contract 5). Cada token pertence a uma conta, tem os escopos consultas:{fonte} dos produtos que pode chamar e expira. Um token na query string é recusado (401) mesmo com um token válido no cabeçalho. Numa operação de produto, a lista de papéis do requisito de segurança é o escopo exigido (403 sem ele). Um token criado no console pode ter uma lista de redes permitidas (IPv4/IPv6, CIDR): usado de um endereço fora dela, 403 em qualquer rota /v1.',
  },
};
