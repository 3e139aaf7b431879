import { ParseError } from './ast.js';

export type Token =
  | { kind: 'num'; value: number; pos: number }
  | { kind: 'str'; value: string; pos: number }
  | { kind: 'ident'; value: string; pos: number }
  | { kind: 'op'; value: string; pos: number }
  | { kind: 'end'; pos: number };

// Longest operators first so `<=` is not read as `<` then `=`.
const OPERATORS = [
  '&&',
  '||',
  '<=',
  '>=',
  '==',
  '!=',
  '+',
  '-',
  '*',
  '/',
  '%',
  '<',
  '>',
  '!',
  '?',
  ':',
  '(',
  ')',
  ',',
];

const isDigit = (c: string) => c >= '0' && c <= '9';
const isIdentStart = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';

/** Splits source into tokens. Hand-written so the accepted alphabet is exactly what is listed here. */
export function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
      continue;
    }
    if (isDigit(c) || (c === '.' && isDigit(src[i + 1] ?? ''))) {
      const start = i;
      while (i < src.length && isDigit(src[i]!)) i++;
      if (src[i] === '.') {
        i++;
        while (i < src.length && isDigit(src[i]!)) i++;
      }
      if (src[i] === 'e' || src[i] === 'E') {
        let j = i + 1;
        if (src[j] === '+' || src[j] === '-') j++;
        if (!isDigit(src[j] ?? '')) throw new ParseError('Malformed exponent', i);
        while (j < src.length && isDigit(src[j]!)) j++;
        i = j;
      }
      tokens.push({ kind: 'num', value: Number(src.slice(start, i)), pos: start });
      continue;
    }
    if (c === '"' || c === "'") {
      const start = i;
      let text = '';
      i++;
      for (;;) {
        if (i >= src.length) throw new ParseError('Unterminated string', start);
        const d = src[i]!;
        if (d === c) break;
        if (d === '\\') {
          const next = src[i + 1];
          if (next !== '\\' && next !== '"' && next !== "'") throw new ParseError('Unknown escape', i);
          text += next;
          i += 2;
          continue;
        }
        text += d;
        i++;
      }
      i++;
      tokens.push({ kind: 'str', value: text, pos: start });
      continue;
    }
    if (isIdentStart(c)) {
      const start = i;
      while (i < src.length && (isIdentStart(src[i]!) || isDigit(src[i]!))) i++;
      tokens.push({ kind: 'ident', value: src.slice(start, i), pos: start });
      continue;
    }
    const op = OPERATORS.find((o) => src.startsWith(o, i));
    if (!op) throw new ParseError(`Unexpected character ${JSON.stringify(c)}`, i);
    tokens.push({ kind: 'op', value: op, pos: i });
    i += op.length;
  }
  tokens.push({ kind: 'end', pos: src.length });
  return tokens;
}
