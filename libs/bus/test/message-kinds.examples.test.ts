import type { TSchema } from '@sinclair/typebox';
import { Ajv, type ValidateFunction } from 'ajv';
import * as bus from '../src';
import { topicMatches, topology } from '../src';
import { MESSAGE_EXAMPLES, type MessageExample } from './fixtures/message-examples';

// Decision 0116: every kind of bus message has one owner, its schema, and its type is derived from it. These checks
// keep the catalogue honest: every kind exported has a real example (each branch of a union), each example is what its
// schema accepts and is routed to a queue, every queue binding carries some kind, and the schema is enforced.

function isMessageKind(value: unknown): value is bus.MessageKind<TSchema> {
  return (
    typeof value === 'object' &&
    value !== null &&
    'schema' in value &&
    'parse' in value &&
    typeof value.parse === 'function' &&
    'errors' in value &&
    typeof value.errors === 'function'
  );
}

const exportedKinds = new Map(Object.entries(bus).filter((entry) => isMessageKind(entry[1])));

// Formats are the bus's own validator's business; here only which branch of a union a payload is matters.
const shapes = new Ajv({ formats: { uuid: true, 'date-time': true } });

interface Branch {
  readonly required: readonly string[];
  readonly matches: ValidateFunction;
}

/** The branches of a kind's schema (a union's `anyOf`, or the schema itself). */
function branchesOf(kind: bus.MessageKind<TSchema>): Branch[] {
  const { $id: _id, ...schema } = kind.schema;
  const branches: TSchema[] = Array.isArray(schema.anyOf) ? schema.anyOf : [schema];
  return branches.map((branch) => ({
    required: Array.isArray(branch.required) ? branch.required : [],
    matches: shapes.compile(branch),
  }));
}

test('the exported message kinds, each with an example of every branch of its schema', () => {
  expect([...exportedKinds.keys()].sort()).toEqual([
    'balanceLowMessage',
    'documentDeliveredMessage',
    'orderFinishedMessage',
    'orderReconciledMessage',
    'orderRefundedMessage',
    'orderRevisedMessage',
    'originOrdersListedMessage',
    'originTaskMessage',
    'watchChangedMessage',
  ]);
  for (const [name, kind] of exportedKinds) {
    if (!isMessageKind(kind)) throw new Error(`${name} is not a message kind`);
    const examples = MESSAGE_EXAMPLES.filter((example) => example.kind === kind);
    const uncovered = branchesOf(kind).filter((branch) => !examples.some((example) => branch.matches(example.payload)));
    expect({ name, uncovered: uncovered.length }).toEqual({ name, uncovered: 0 });
  }
});

describe.each(MESSAGE_EXAMPLES.map((example): [string, MessageExample] => [example.name, example]))(
  '%s',
  (_, example) => {
    test('its real example is what the schema accepts, and is routed to a work queue', () => {
      expect(example.kind.errors(example.payload)).toBe('');
      expect(example.kind.parse(example.payload)).toEqual(example.payload);
      const queues = topology.queues.filter((queue) =>
        queue.bindings.some((pattern) => topicMatches(pattern, example.routingKey)),
      );
      expect(queues.length).toBeGreaterThan(0);
    });

    test('a field the schema does not know is ignored (a producer deployed first may add one)', () => {
      const added = { ...example.payload, campo_novo: 1 };
      expect(example.kind.parse(added)).toEqual(added);
    });

    test('without any one of its required fields, or with a field of the wrong type, it is refused', () => {
      const branch = branchesOf(example.kind).find((candidate) => candidate.matches(example.payload));
      expect(branch?.required.length).toBeGreaterThan(0);
      for (const field of branch?.required ?? []) {
        const without = Object.fromEntries(Object.entries(example.payload).filter(([key]) => key !== field));
        expect({ field, errors: example.kind.errors(without) }).toEqual({
          field,
          errors: expect.stringContaining(field),
        });
        expect(example.kind.parse({ ...example.payload, [field]: { wrong: true } })).toBeUndefined();
      }
      expect(example.kind.parse(null)).toBeUndefined();
      expect(example.kind.errors('text')).not.toBe('');
    });
  },
);

test('every binding of every work queue carries some kind of message', () => {
  for (const queue of topology.queues) {
    for (const pattern of queue.bindings) {
      const carried = MESSAGE_EXAMPLES.some((example) => topicMatches(pattern, example.routingKey));
      expect({ queue: queue.name, pattern, carried }).toEqual({ queue: queue.name, pattern, carried: true });
    }
  }
});
