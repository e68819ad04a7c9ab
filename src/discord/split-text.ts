/**
 * Splitting a long text for Discord's 2,000-character messages: at line breaks, a line too long
 * for one message at its last space, and only a single word longer than a message is cut. It
 * imports nothing, so the words layer and the senders (send.ts `sendLong`) share it.
 */

/** Discord's limit on a message's content. */
export const MESSAGE_LIMIT = 2000;

/** A line longer than `limit`, in pieces broken at spaces (a word longer than `limit` is cut). */
function breakLine(line: string, limit: number): string[] {
  const out: string[] = [];
  let rest = line;
  while (rest.length > limit) {
    const space = rest.lastIndexOf(' ', limit);
    const at = space > 0 ? space : limit;
    out.push(rest.slice(0, at).trimEnd());
    rest = rest.slice(space > 0 ? at + 1 : at);
  }
  if (rest) out.push(rest);
  return out;
}

/** Splits long text at line breaks (then spaces) so every piece fits Discord's 2,000-character limit. */
export function splitMessage(text: string, limit = MESSAGE_LIMIT): string[] {
  if (text.length <= limit) return [text];
  const pieces: string[] = [];
  let current: string | null = null;
  for (const line of text.split('\n')) {
    for (const chunk of line.length > limit ? breakLine(line, limit) : [line]) {
      if (current !== null && current.length + chunk.length + 1 > limit) {
        pieces.push(current);
        current = chunk;
      } else {
        current = current === null ? chunk : `${current}\n${chunk}`;
      }
    }
  }
  if (current) pieces.push(current);
  return pieces.filter((p) => p.trim() !== '');
}
