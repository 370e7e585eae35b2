/**
 * Every error message of the app, sentence by sentence (the tables in messageCases/): each is
 * exactly what is expected, and none is garbled in a way a review would miss when a message is
 * built from parts: another message pasted after a prefix of its own, an absent value written as
 * "undefined", doubled spaces or full stops, a sentence that does not end. To cover a new kind, add
 * a case to its table; a kind added to a union without a case does not compile.
 */
import { describe, expect, it } from 'vitest';
import { REST_CASES, REST_NOTICE_CASES } from './messageCases/apiErrorCases';
import { GRAPHQL_CASES, GRAPHQL_NOTICE_CASES } from './messageCases/graphqlErrorCases';
import { FILE_CASES, FILE_REFUSAL_CASES } from './messageCases/fileCases';
import { MISSING_ENTRY_CASES, OUTCOME_CASES } from './messageCases/linkOutcomeCases';
import type { MessageCase } from './messageCases/messageCase';

const TABLES: Record<string, Record<string, MessageCase[]>> = {
  'REST client': REST_CASES,
  'GraphQL client': GRAPHQL_CASES,
  'link entry that matched nothing': MISSING_ENTRY_CASES,
  'link outcome': OUTCOME_CASES,
  'file refusal': FILE_REFUSAL_CASES,
  'file reading': { '': FILE_CASES },
  notice: { 'REST retry': REST_NOTICE_CASES, identity: GRAPHQL_NOTICE_CASES },
};

const ROWS = Object.entries(TABLES).flatMap(([table, kinds]) =>
  Object.entries(kinds).flatMap(([kind, cases]) =>
    cases.map((row) => ({ ...row, title: `${table}${kind ? ` ${kind}` : ''}: ${row.name}` })),
  ),
);

/** A message's first words: seen after a colon inside another, it was pasted there whole. */
function opening(message: string): string {
  return message.split(' ').slice(0, 3).join(' ');
}
const OPENINGS = [...new Set(ROWS.map(({ expected }) => opening(expected)))];

describe('every error message', () => {
  it.each(ROWS)('$title', ({ message, expected, names }) => {
    expect(message).toBe(expected);
    for (const name of names) expect(message).toContain(name);
    expect(message).not.toMatch(/\b(undefined|null|NaN)\b|\[object /);
    expect(message).not.toMatch(/ {2}|\.\.(?!\.)|\s[.,;:](\s|$)|,\./);
    expect(message).toMatch(/[.?!]$/);
    for (const start of OPENINGS) expect(message).not.toContain(`: ${start}`);
  });

  it('has a case for every kind of every table', () => {
    for (const kinds of Object.values(TABLES)) {
      for (const cases of Object.values(kinds)) expect(cases.length).toBeGreaterThan(0);
    }
  });

  it('catches a message pasted after another’s prefix', () => {
    const refusal = REST_CASES['invalid-token'][0]!.expected;
    expect(`The server did not say: ${refusal}`).toContain(`: ${opening(refusal)}`);
  });
});
