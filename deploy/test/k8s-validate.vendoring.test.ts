import { extractCrdSchemas } from '../src/k8s-validate/vendoring/extract-crd-schemas';
import { withoutDescriptions } from '../src/k8s-validate/vendoring/strip-descriptions';

describe('vendoring reduces upstream schemas to what validates', () => {
  it('drops every description but keeps a property that is called description', () => {
    const schema = {
      description: 'a thing',
      type: 'object',
      properties: {
        description: { description: 'the prose field of the thing', type: 'string' },
        parts: { type: 'array', items: { description: 'a part', type: 'string', pattern: '^p' } },
      },
      anyOf: [{ description: 'one way', required: ['parts'] }],
    };
    expect(withoutDescriptions(schema)).toEqual({
      type: 'object',
      properties: {
        description: { type: 'string' },
        parts: { type: 'array', items: { type: 'string', pattern: '^p' } },
      },
      anyOf: [{ required: ['parts'] }],
    });
  });

  it('takes each CRD of a multi-document file with its versions, ignoring other documents', () => {
    const yamlText = [
      'apiVersion: v1',
      'kind: Namespace',
      'metadata: {name: operators}',
      '---',
      'apiVersion: apiextensions.k8s.io/v1',
      'kind: CustomResourceDefinition',
      'metadata: {name: widgets.example.com}',
      'spec:',
      '  group: example.com',
      '  names: {kind: Widget, plural: widgets}',
      '  versions:',
      '  - name: v1',
      '    served: true',
      '    schema:',
      '      openAPIV3Schema:',
      '        description: A widget.',
      '        type: object',
      '        properties: {spec: {type: object, description: Its spec.}}',
      '  - name: v1alpha1',
      '    served: false',
      '    schema: {openAPIV3Schema: {type: object}}',
    ].join('\n');
    expect(extractCrdSchemas(yamlText)).toEqual([
      {
        group: 'example.com',
        kind: 'Widget',
        versions: [
          { name: 'v1', served: true, schema: { type: 'object', properties: { spec: { type: 'object' } } } },
          { name: 'v1alpha1', served: false, schema: { type: 'object' } },
        ],
      },
    ]);
  });
});
