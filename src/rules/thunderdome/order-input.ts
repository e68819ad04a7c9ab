import { z } from 'zod';
import { refuse } from '../errors.ts';
import type { OrderSpec } from './order-spec.ts';

/**
 * The runner's first check (decide.ts): the command carries the fields its order declares, of the
 * declared primitive types (order-spec.ts `input`). A command that does not is no order at all
 * (UTD6.11: only the predefined orders exist) and is refused before anything else, naming the
 * field and what it must be. The order itself gets the command as it came, not the parsed copy.
 */
export function checkInput<C extends { type: string }>(spec: OrderSpec<C>, command: C): void {
  const { type, ...rest } = command;
  const parsed = spec.input.safeParse(rest);
  if (parsed.success) return;
  const issue = parsed.error.issues[0]!;
  const field = fieldName(issue.path);
  const expected = describeAt(spec.input, issue.path) ?? issue.message;
  const missing = !hasPath(rest, issue.path);
  refuse(
    'input/invalid',
    'UTD6.11',
    missing
      ? `The \`${type}\` order is missing \`${field}\`: it must be ${expected}.`
      : `In the \`${type}\` order, \`${field}\` must be ${expected}.`,
    'Give the order again through its slash command.',
  );
}

/** `result.destroyed[2]` for the path `['result', 'destroyed', 2]`. */
function fieldName(path: readonly PropertyKey[]): string {
  return path
    .map((k, i) => (typeof k === 'number' ? `[${k}]` : `${i === 0 ? '' : '.'}${String(k).slice(0, 30)}`))
    .join('');
}

/** Whether the input has a value (even a wrong one) at `path`; false when the field is left out. */
function hasPath(input: unknown, path: readonly PropertyKey[]): boolean {
  let at: unknown = input;
  for (const k of path) {
    if (typeof at !== 'object' || at === null || !Object.hasOwn(at, k)) return false;
    at = (at as Record<PropertyKey, unknown>)[k];
  }
  return true;
}

/** The schema that checks the value at `path`, or undefined if the path leads nowhere. */
function schemaAt(schema: z.core.$ZodType, path: readonly PropertyKey[]): z.core.$ZodType | undefined {
  let at: z.core.$ZodType | undefined = schema;
  for (const k of path) {
    at = at && unwrap(at);
    if (at instanceof z.ZodObject) at = at.shape[String(k)];
    else if (at instanceof z.ZodArray) at = at.element;
    else if (at instanceof z.ZodRecord) at = at.valueType;
    else return undefined;
  }
  return at;
}

function unwrap(s: z.core.$ZodType): z.core.$ZodType {
  return s instanceof z.ZodExactOptional || s instanceof z.ZodOptional || s instanceof z.ZodNullable
    ? unwrap(s.unwrap())
    : s;
}

function describeAt(schema: z.core.$ZodType, path: readonly PropertyKey[]): string | undefined {
  const at = schemaAt(schema, path);
  return at && describe(at);
}

/** What a schema accepts, in words: `a whole number or null`, `one of \`colony\`, \`mine\``. */
function describe(s: z.core.$ZodType): string {
  if (s instanceof z.ZodExactOptional || s instanceof z.ZodOptional) return `${describe(s.unwrap())}, or left out`;
  if (s instanceof z.ZodNullable) return `${describe(s.unwrap())} or null`;
  if (s instanceof z.ZodUnion) return s.options.map(describe).join(' or ');
  if (s instanceof z.ZodString) return 'text';
  if (s instanceof z.ZodNumber) return s.isInt ? 'a whole number' : 'a number';
  if (s instanceof z.ZodBoolean) return 'true or false';
  if (s instanceof z.ZodDate) return 'a date';
  if (s instanceof z.ZodNull) return 'null';
  if (s instanceof z.ZodEnum) return oneOf(s.options);
  if (s instanceof z.ZodLiteral) return oneOf([...s.values]);
  if (s instanceof z.ZodArray) return `a list of ${describe(s.element)}`;
  if (s instanceof z.ZodRecord) return `an object whose every value is ${describe(s.valueType)}`;
  if (s instanceof z.ZodObject) return 'an object';
  return 'the kind of value the order declares';
}

function oneOf(values: readonly unknown[]): string {
  const words = values.map((v) => (typeof v === 'string' ? `\`${v}\`` : String(v)));
  return words.length === 1 ? words[0]! : `one of ${words.join(', ')}`;
}
