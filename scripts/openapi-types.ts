// TypeScript types of the OpenAPI document, as an integrator's generator writes them: openapi-typescript with its
// default options, so the client's generated types are what a client gets and the typed-client test checks that very
// output.
import { astToString, default as openapiTS } from 'openapi-typescript';

/** The types of `openApiJson` (the document's text), after `header`. */
export async function openApiTypes(openApiJson: string, header: string): Promise<string> {
  return `${header}${astToString(await openapiTS(openApiJson))}`;
}
