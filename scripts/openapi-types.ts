// TypeScript types of the OpenAPI document, as an integrator's generator writes them: openapi-typescript with its
// default options, so docs/openapi.d.ts is what a client gets and the typed-client test checks that very output.
import { astToString, default as openapiTS } from 'openapi-typescript';

const HEADER =
  '// docs/openapi.d.ts: the TypeScript types of docs/openapi.json, written by `pnpm openapi` with openapi-typescript\n' +
  '// (default options). Do not edit: libs/contracts tests fail while it differs from what the generator writes.\n\n';

/** The types of `openApiJson` (the document's text), after `header` (docs/openapi.d.ts's by default). */
export async function openApiTypes(openApiJson: string, header = HEADER): Promise<string> {
  return `${header}${astToString(await openapiTS(openApiJson))}`;
}
