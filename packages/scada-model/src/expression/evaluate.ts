import type { Expr, ExprValue } from './ast.js';
import { parseExpression } from './parser.js';

/** Numeric view of a value: booleans count as 0/1, numeric strings as numbers, anything else NaN. */
const num = (v: ExprValue): number =>
  typeof v === 'number'
    ? v
    : typeof v === 'boolean'
      ? Number(v)
      : v === null || v.trim() === ''
        ? NaN
        : Number(v);

const truthy = (v: ExprValue): boolean =>
  typeof v === 'boolean' ? v : typeof v === 'number' ? v !== 0 && !Number.isNaN(v) : v !== null && v !== '';

const finite = (n: number): ExprValue => (Number.isFinite(n) ? n : null);

function equal(a: ExprValue, b: ExprValue): boolean {
  // A device reports 1 where the drawing says true; compare numerically when either side is a number.
  if (typeof a === 'string' && typeof b === 'string') return a === b;
  if (a === null || b === null) return a === b;
  return num(a) === num(b);
}

function run(e: Expr, value: ExprValue): ExprValue {
  switch (e.type) {
    case 'num':
    case 'str':
    case 'bool':
      return e.value;
    case 'var':
      return value;
    case 'unary': {
      const v = run(e.arg, value);
      return e.op === '!' ? !truthy(v) : finite(-num(v));
    }
    case 'cond':
      return truthy(run(e.test, value)) ? run(e.then, value) : run(e.else, value);
    case 'call': {
      const args = e.args.map((a) => num(run(a, value)));
      const [a = NaN, b = NaN, c = NaN] = args;
      switch (e.fn) {
        case 'min':
          return finite(Math.min(...args));
        case 'max':
          return finite(Math.max(...args));
        case 'abs':
          return finite(Math.abs(a));
        case 'floor':
          return finite(Math.floor(a));
        case 'ceil':
          return finite(Math.ceil(a));
        case 'clamp':
          return finite(Math.min(Math.max(a, b), c));
        case 'round': {
          // round(x, digits) with digits 0..10 so a hostile digit count cannot make 10**n overflow.
          const digits = args.length > 1 ? Math.max(0, Math.min(10, Math.trunc(b))) : 0;
          const f = 10 ** (Number.isNaN(digits) ? 0 : digits);
          return finite(Math.round(a * f) / f);
        }
      }
      return null;
    }
    case 'binary': {
      if (e.op === '&&') return truthy(run(e.left, value)) && truthy(run(e.right, value));
      if (e.op === '||') return truthy(run(e.left, value)) || truthy(run(e.right, value));
      const l = run(e.left, value);
      const r = run(e.right, value);
      switch (e.op) {
        case '==':
          return equal(l, r);
        case '!=':
          return !equal(l, r);
        case '+':
          // `+` joins when either side is text, so a label like value + ' kPa' works.
          if (typeof l === 'string' || typeof r === 'string') return `${l ?? ''}${r ?? ''}`;
          return finite(num(l) + num(r));
        case '-':
          return finite(num(l) - num(r));
        case '*':
          return finite(num(l) * num(r));
        case '/':
          return finite(num(l) / num(r));
        case '%':
          return finite(num(l) % num(r));
        case '<':
          return num(l) < num(r);
        case '<=':
          return num(l) <= num(r);
        case '>':
          return num(l) > num(r);
        case '>=':
          return num(l) >= num(r);
      }
    }
  }
}

/** A parsed expression, ready to evaluate many times (the runtime evaluates on every point update). */
export interface CompiledExpression {
  readonly source: string;
  evaluate(value: ExprValue): ExprValue;
}

/** Parses once (throws ParseError); evaluation itself never throws. */
export function compileExpression(source: string): CompiledExpression {
  const tree = parseExpression(source);
  return { source, evaluate: (value) => run(tree, value) };
}

/** One-shot convenience: parse and evaluate `source` with `value` bound. Throws only ParseError. */
export function evaluateExpression(source: string, value: ExprValue): ExprValue {
  return run(parseExpression(source), value);
}

/** Null when `source` parses, else the ParseError's message: for validation messages. */
export function checkExpression(source: string): string | null {
  try {
    parseExpression(source);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}
