import {
  AJV_OPTIONS,
  CERTIDAO_INTEIRO_TEOR_BODY_SCHEMA,
  CUSTOM_FORMATS,
  IDEMPOTENCY_KEY_SCHEMA,
  PESQUISA_PREVIA_BENS_BODY_SCHEMA,
  REQUEST_BODY_SCHEMAS,
  VISUALIZACAO_MATRICULA_BODY_SCHEMA,
} from '@regapi/contracts';
import { Ajv } from 'ajv';

test('the schemas are plain JSON: they survive a JSON round trip unchanged (ready for an OpenAPI document)', () => {
  for (const schema of [...Object.values(REQUEST_BODY_SCHEMAS), IDEMPOTENCY_KEY_SCHEMA]) {
    expect(JSON.parse(JSON.stringify(schema))).toEqual(schema);
  }
});

test('the fields and required fields of each body are those of contract 2.3, plus the optional referencia (issue 17)', () => {
  expect(Object.keys(PESQUISA_PREVIA_BENS_BODY_SCHEMA.properties)).toEqual([
    'cpf_cnpj',
    'uf',
    'nome',
    'finalidade',
    'referencia',
  ]);
  expect([...PESQUISA_PREVIA_BENS_BODY_SCHEMA.required]).toEqual(['cpf_cnpj', 'uf']);
  const property = ['cpf_cnpj', 'imovel_matricula', 'imovel_cartorio', 'imovel_municipio', 'imovel_uf'];
  expect(Object.keys(VISUALIZACAO_MATRICULA_BODY_SCHEMA.properties)).toEqual([
    ...property,
    'imovel_finalidade',
    'referencia',
  ]);
  expect(Object.keys(CERTIDAO_INTEIRO_TEOR_BODY_SCHEMA.properties)).toEqual([...property, 'referencia']);
  expect([...VISUALIZACAO_MATRICULA_BODY_SCHEMA.required]).toEqual(property);
  expect([...CERTIDAO_INTEIRO_TEOR_BODY_SCHEMA.required]).toEqual(property);
  for (const schema of Object.values(REQUEST_BODY_SCHEMAS)) expect(schema.additionalProperties).toBe(false);
});

test('the schemas compile in any ajv that knows the custom format names (an OpenAPI tool sees them as hints)', () => {
  const ajv = new Ajv({ ...AJV_OPTIONS });
  for (const format of [...Object.values(CUSTOM_FORMATS), 'uuid']) ajv.addFormat(format, true);
  for (const schema of Object.values(REQUEST_BODY_SCHEMAS)) expect(() => ajv.compile(schema)).not.toThrow();
  expect(() => ajv.compile(IDEMPOTENCY_KEY_SCHEMA)).not.toThrow();
});
