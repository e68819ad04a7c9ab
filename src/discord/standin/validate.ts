/**
 * The limits Discord enforces on what a bot sends. Checking them here makes a bot that would be
 * rejected in production fail the same way under test (50035 Invalid Form Body, with Discord's paths).
 */
import { ApplicationCommandOptionType, ApplicationCommandType } from 'discord-api-types/v10';
import { invalidFormBodyMany } from './errors.ts';

type Problem = { path: (string | number)[]; code: string; message: string };
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function maxLength(problems: Problem[], path: (string | number)[], value: unknown, max: number): void {
  if (typeof value === 'string' && value.length > max) {
    problems.push({ path, code: 'BASE_TYPE_MAX_LENGTH', message: `Must be ${max} or fewer in length.` });
  }
}

/** Validates message fields (content, embeds, components); `prefix` is e.g. ['data'] for interaction callbacks. */
export function validateMessageBody(body: Json, prefix: (string | number)[] = []): void {
  const problems: Problem[] = [];
  maxLength(problems, [...prefix, 'content'], body['content'], 2000);
  const embeds = body['embeds'];
  if (Array.isArray(embeds)) {
    if (embeds.length > 10) {
      problems.push({
        path: [...prefix, 'embeds'],
        code: 'BASE_TYPE_MAX_LENGTH',
        message: 'Must be 10 or fewer in length.',
      });
    }
    let total = 0;
    embeds.forEach((embed: unknown, i) => {
      if (!isObject(embed)) return;
      const at = (...keys: (string | number)[]) => [...prefix, 'embeds', i, ...keys];
      const count = (s: unknown) => (typeof s === 'string' ? s.length : 0);
      maxLength(problems, at('title'), embed['title'], 256);
      maxLength(problems, at('description'), embed['description'], 4096);
      total += count(embed['title']) + count(embed['description']);
      const footer = embed['footer'];
      if (isObject(footer)) {
        maxLength(problems, at('footer', 'text'), footer['text'], 2048);
        total += count(footer['text']);
      }
      const author = embed['author'];
      if (isObject(author)) {
        maxLength(problems, at('author', 'name'), author['name'], 256);
        total += count(author['name']);
      }
      const fields = embed['fields'];
      if (Array.isArray(fields)) {
        if (fields.length > 25) {
          problems.push({
            path: at('fields'),
            code: 'BASE_TYPE_MAX_LENGTH',
            message: 'Must be 25 or fewer in length.',
          });
        }
        fields.forEach((field: unknown, j) => {
          if (!isObject(field)) return;
          maxLength(problems, at('fields', j, 'name'), field['name'], 256);
          maxLength(problems, at('fields', j, 'value'), field['value'], 1024);
          if (!field['name'] || !field['value']) {
            problems.push({
              path: at('fields', j, field['name'] ? 'value' : 'name'),
              code: 'BASE_TYPE_REQUIRED',
              message: 'This field is required',
            });
          }
          total += count(field['name']) + count(field['value']);
        });
      }
    });
    if (total > 6000) {
      problems.push({
        path: [...prefix, 'embeds'],
        code: 'MAX_EMBED_SIZE_EXCEEDED',
        message: 'Embed size exceeds maximum size of 6000',
      });
    }
  }
  const components = body['components'];
  const isV2 = typeof body['flags'] === 'number' && (body['flags'] & (1 << 15)) !== 0;
  if (Array.isArray(components) && !isV2 && components.length > 5) {
    problems.push({
      path: [...prefix, 'components'],
      code: 'BASE_TYPE_MAX_LENGTH',
      message: 'Must be 5 or fewer in length.',
    });
  }
  if (problems.length > 0) throw invalidFormBodyMany(problems);
}

export function validateAutocompleteChoices(body: Json): void {
  const problems: Problem[] = [];
  const data = body['data'];
  const choices = isObject(data) ? data['choices'] : undefined;
  if (!Array.isArray(choices)) {
    problems.push({ path: ['data', 'choices'], code: 'BASE_TYPE_REQUIRED', message: 'This field is required' });
  } else {
    if (choices.length > 25) {
      problems.push({
        path: ['data', 'choices'],
        code: 'BASE_TYPE_MAX_LENGTH',
        message: 'Must be 25 or fewer in length.',
      });
    }
    choices.forEach((choice: unknown, i) => {
      if (!isObject(choice)) return;
      const name = choice['name'];
      if (typeof name !== 'string' || name.length < 1 || name.length > 100) {
        problems.push({
          path: ['data', 'choices', i, 'name'],
          code: 'BASE_TYPE_BAD_LENGTH',
          message: 'Must be between 1 and 100 in length.',
        });
      }
      maxLength(problems, ['data', 'choices', i, 'value'], choice['value'], 100);
    });
  }
  if (problems.length > 0) throw invalidFormBodyMany(problems);
}

const NAME_RE = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

/** The checks Discord applies when commands are registered (names, descriptions, option ordering, counts). */
export function validateCommand(command: unknown, path: (string | number)[]): void {
  const problems: Problem[] = [];
  if (!isObject(command)) {
    throw invalidFormBodyMany([
      { path, code: 'DICT_TYPE_CONVERT', message: 'Only dictionaries may be used in a DictType' },
    ]);
  }
  const type = typeof command['type'] === 'number' ? command['type'] : ApplicationCommandType.ChatInput;
  checkNameAndDescription(problems, path, command, type === ApplicationCommandType.ChatInput);
  if (type === ApplicationCommandType.ChatInput) checkOptions(problems, [...path, 'options'], command['options'], 0);
  if (problems.length > 0) throw invalidFormBodyMany(problems);
}

function checkNameAndDescription(problems: Problem[], path: (string | number)[], item: Json, chatInput: boolean): void {
  const name = item['name'];
  if (typeof name !== 'string' || name.length < 1 || name.length > 32) {
    problems.push({
      path: [...path, 'name'],
      code: 'BASE_TYPE_BAD_LENGTH',
      message: 'Must be between 1 and 32 in length.',
    });
  } else if (chatInput && (!NAME_RE.test(name) || name !== name.toLowerCase())) {
    problems.push({
      path: [...path, 'name'],
      code: 'APPLICATION_COMMAND_INVALID_NAME',
      message: 'Command name is invalid',
    });
  }
  if (chatInput) {
    const description = item['description'];
    if (typeof description !== 'string' || description.length < 1 || description.length > 100) {
      problems.push({
        path: [...path, 'description'],
        code: 'BASE_TYPE_BAD_LENGTH',
        message: 'Must be between 1 and 100 in length.',
      });
    }
  }
}

function checkOptions(problems: Problem[], path: (string | number)[], options: unknown, depth: number): void {
  if (options === undefined || options === null) return;
  if (!Array.isArray(options)) {
    problems.push({ path, code: 'LIST_TYPE_CONVERT', message: 'Only iterables may be used in a ListType' });
    return;
  }
  if (options.length > 25)
    problems.push({ path, code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 25 or fewer in length.' });
  let seenOptional = false;
  const names = new Set<string>();
  options.forEach((option: unknown, i) => {
    if (!isObject(option)) return;
    checkNameAndDescription(problems, [...path, i], option, true);
    const name = String(option['name']);
    if (names.has(name)) {
      problems.push({
        path: [...path, i, 'name'],
        code: 'APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS',
        message: 'Option name already exists',
      });
    }
    names.add(name);
    const type = option['type'];
    const nested =
      type === ApplicationCommandOptionType.Subcommand || type === ApplicationCommandOptionType.SubcommandGroup;
    if (nested) {
      if (depth >= 2 || (type === ApplicationCommandOptionType.SubcommandGroup && depth >= 1)) {
        problems.push({
          path: [...path, i, 'type'],
          code: 'APPLICATION_COMMAND_OPTION_TYPE_INVALID',
          message: 'Sub-command nesting is too deep',
        });
      }
      checkOptions(problems, [...path, i, 'options'], option['options'], depth + 1);
      return;
    }
    if (option['required'] === true) {
      if (seenOptional) {
        problems.push({
          path: [...path, i],
          code: 'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID',
          message: 'Required options must be placed before non-required options',
        });
      }
    } else {
      seenOptional = true;
    }
    const choices = option['choices'];
    if (Array.isArray(choices) && choices.length > 25) {
      problems.push({
        path: [...path, i, 'choices'],
        code: 'BASE_TYPE_MAX_LENGTH',
        message: 'Must be 25 or fewer in length.',
      });
    }
    if (Array.isArray(choices) && choices.length > 0 && option['autocomplete'] === true) {
      problems.push({
        path: [...path, i, 'autocomplete'],
        code: 'APPLICATION_COMMAND_OPTIONS_AUTOCOMPLETE_INVALID',
        message: 'Autocomplete cannot be set with choices',
      });
    }
  });
}
