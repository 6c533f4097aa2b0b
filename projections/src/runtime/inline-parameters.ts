import pg from 'pg';

/** A value `inlineParameters` can write as a literal. */
export type InlineValue = string | number | bigint | boolean | Date | null | undefined;

/**
 * A compiled statement (`$1`, `$2`, … placeholders) as one self-contained SQL text, so that
 * several statements can travel in one simple-protocol round trip (the extended protocol takes
 * one statement per round trip).
 *
 * Every value becomes a quoted literal, escaped by `pg.escapeLiteral`, or NULL. A quoted literal
 * has PostgreSQL's "unknown" type until its context decides it, as a parameter that node-postgres
 * sends (as text, with no type) does: the statement means the same. Placeholders are replaced
 * only outside string literals, quoted identifiers and comments; dollar-quoted text, which
 * Kysely never writes, is refused rather than guessed at, as are values that are not scalars.
 */
export function inlineParameters(text: string, parameters: readonly unknown[]): string {
  let out = '';
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    const next = text[index + 1];
    if (char === "'" || char === '"') {
      const end = closingQuote(text, index, char);
      out += text.slice(index, end);
      index = end;
    } else if (char === '-' && next === '-') {
      const end = text.indexOf('\n', index);
      const stop = end < 0 ? text.length : end;
      out += text.slice(index, stop);
      index = stop;
    } else if (char === '/' && next === '*') {
      const end = text.indexOf('*/', index + 2);
      if (end < 0) throw new Error('Cannot inline parameters: unterminated comment');
      out += text.slice(index, end + 2);
      index = end + 2;
    } else if (char === '$' && next !== undefined && /[0-9]/.test(next) && !/[\w$]/.test(text[index - 1] ?? ' ')) {
      let end = index + 1;
      while (end < text.length && /[0-9]/.test(text[end]!)) end += 1;
      const number = Number(text.slice(index + 1, end));
      if (number < 1 || number > parameters.length) throw new Error(`Cannot inline parameters: $${number} has no value`);
      out += literal(parameters[number - 1]);
      index = end;
    } else if (char === '$' && !/[\w$]/.test(text[index - 1] ?? ' ')) {
      throw new Error('Cannot inline parameters: dollar-quoted text');
    } else {
      out += char;
      index += 1;
    }
  }
  return out;
}

/** The index just past the quote that closes the one at `start` (a doubled quote escapes it). */
function closingQuote(text: string, start: number, quote: "'" | '"'): number {
  // E'…' strings escape with a backslash as well.
  const backslashes = quote === "'" && /[eE]/.test(text[start - 1] ?? '') && !/[\w$]/.test(text[start - 2] ?? ' ');
  let index = start + 1;
  while (index < text.length) {
    const char = text[index];
    if (backslashes && char === '\\') {
      index += 2;
      continue;
    }
    if (char === quote) {
      if (text[index + 1] === quote) {
        index += 2;
        continue;
      }
      return index + 1;
    }
    index += 1;
  }
  throw new Error('Cannot inline parameters: unterminated quoted text');
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  switch (typeof value) {
    case 'string':
      return pg.escapeLiteral(value);
    case 'number':
      if (!Number.isFinite(value)) throw new Error(`Cannot inline parameters: ${value} is not a finite number`);
      return `'${String(value)}'`;
    case 'bigint':
      return `'${value.toString()}'`;
    case 'boolean':
      return value ? `'true'` : `'false'`;
    default:
      if (value instanceof Date) {
        if (Number.isNaN(value.getTime())) throw new Error('Cannot inline parameters: invalid date');
        return `'${value.toISOString()}'`;
      }
      throw new Error(`Cannot inline parameters: a value of type ${Object.prototype.toString.call(value)} has no literal here`);
  }
}
