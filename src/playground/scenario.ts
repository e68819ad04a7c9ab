/**
 * The scenario language of the playground, one item per line:
 *   # comment
 *   @user /command [group] [sub] name:value name:"quoted value" file:path
 *   !seed N | !dice 6 2 3 | !clock 2026-11-21T12:00Z | !advance 7d
 *   !react @user ✅ [on:last-vote] | !unreact @user ✅ [on:…] | !channel name | !admin @user
 *   !press <button label or custom id> [@user] | !pick <menu> <value…> [@user]
 * Parsing is pure; the runner gives each line its meaning.
 */
export type ScenarioLine =
  | { kind: 'blank' }
  | { kind: 'command'; user: string; command: string; words: string[]; options: Record<string, string> }
  | { kind: 'directive'; name: DirectiveName; args: string[]; options: Record<string, string> };

export const DIRECTIVES = [
  'seed',
  'dice',
  'clock',
  'advance',
  'react',
  'unreact',
  'channel',
  'admin',
  'press',
  'pick',
] as const;
export type DirectiveName = (typeof DIRECTIVES)[number];

export class ScenarioSyntaxError extends Error {}

/** Splits on spaces, keeping "quoted text" (with \" escapes) together, also after `name:`. */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  let current = '';
  let quoted = false;
  let inToken = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '\\' && (text[i + 1] === '"' || text[i + 1] === '\\')) current += text[++i];
      else if (ch === '"') quoted = false;
      else current += ch;
    } else if (ch === '"') {
      quoted = true;
      inToken = true;
    } else if (/\s/.test(ch)) {
      if (inToken) tokens.push(current);
      current = '';
      inToken = false;
    } else {
      current += ch;
      inToken = true;
    }
  }
  if (quoted) throw new ScenarioSyntaxError('a quote is not closed');
  if (inToken) tokens.push(current);
  return tokens;
}

const OPTION = /^([a-z0-9_-]+):(.*)$/su;

function splitOptions(tokens: string[]): { words: string[]; options: Record<string, string> } {
  const words: string[] = [];
  const options: Record<string, string> = {};
  for (const t of tokens) {
    const m = OPTION.exec(t);
    if (m) {
      if (m[1]! in options) throw new ScenarioSyntaxError(`option ${m[1]} is given twice`);
      options[m[1]!] = m[2]!;
    } else {
      if (Object.keys(options).length > 0)
        throw new ScenarioSyntaxError(`\`${t}\` comes after the options; subcommands go first`);
      words.push(t);
    }
  }
  return { words, options };
}

export function parseLine(raw: string): ScenarioLine {
  const text = raw.trim();
  if (text === '' || text.startsWith('#')) return { kind: 'blank' };
  if (text.startsWith('!')) {
    const [head, ...rest] = tokenize(text.slice(1));
    const name = head?.toLowerCase();
    if (!name || !(DIRECTIVES as readonly string[]).includes(name)) {
      throw new ScenarioSyntaxError(
        `unknown directive !${head ?? ''}; known: ${DIRECTIVES.map((d) => `!${d}`).join(' ')}`,
      );
    }
    // A button's custom id (`cm:tm:…`) or a menu's value may look like an option: taken as they are.
    if (name === 'press' || name === 'pick') return { kind: 'directive', name, args: rest, options: {} };
    const { words, options } = splitOptions(rest);
    return { kind: 'directive', name: name as DirectiveName, args: words, options };
  }
  if (!text.startsWith('@')) throw new ScenarioSyntaxError('a line starts with @user, !directive or #');
  const tokens = tokenize(text);
  const user = tokens[0]!.slice(1);
  if (!/^[\w.-]{1,32}$/u.test(user)) throw new ScenarioSyntaxError(`bad user name @${user}`);
  const slash = tokens[1];
  if (!slash?.startsWith('/') || slash.length < 2) throw new ScenarioSyntaxError('after @user comes a /command');
  const { words, options } = splitOptions(tokens.slice(2));
  return {
    kind: 'command',
    user,
    command: slash.slice(1).toLowerCase(),
    words: words.map((w) => w.toLowerCase()),
    options,
  };
}

/** `@name` → `name`; anything else is not a user reference. */
export function userRef(token: string | undefined): string | null {
  return token && /^@[\w.-]{1,32}$/u.test(token) ? token.slice(1) : null;
}
