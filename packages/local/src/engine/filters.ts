/**
 * The provider's `filters` syntax, for facet conditions: `attr:value`, `attr:"a value"`,
 * combined with `AND`, `OR`, `NOT` and parentheses. Numeric comparisons, ranges and tag
 * filters are refused with an error that says so.
 */
// No import of `errors.ts`: the browser client loads this module as a chunk of its own, and a
// module shared with the client's entry would become a third file fetched by every page; the
// caller hands over the error class (`parseFilters` in `parse-filters.ts`: SearchRequestError).

/** The class of the errors a bad `filters` string throws. */
export type RequestErrorClass = new (message: string) => Error;

export type FilterExpression =
  | { kind: 'facet'; attribute: string; value: string }
  | { kind: 'not'; operand: FilterExpression }
  | { kind: 'and' | 'or'; operands: FilterExpression[] };

type Token =
  | { kind: 'word'; text: string; quoted: boolean; at: number }
  | { kind: 'colon' | 'open' | 'close'; at: number }
  | { kind: 'operator'; text: string; at: number };

export function parseFilterSyntax(source: string, RequestError: RequestErrorClass): FilterExpression | null {
  const tokens = lex(source, RequestError);
  if (tokens.length === 0) return null;
  let position = 0;
  const peek = (): Token | undefined => tokens[position];
  const fail = (message: string, at: number | undefined): never => {
    throw new RequestError(`"filters": ${message} at character ${(at ?? source.length) + 1} of ${JSON.stringify(source)}`);
  };
  const isKeyword = (token: Token | undefined, keyword: string): boolean =>
    token?.kind === 'word' && !token.quoted && token.text === keyword;

  const parseOr = (): FilterExpression => {
    const operands = [parseAnd()];
    while (isKeyword(peek(), 'OR')) {
      position++;
      operands.push(parseAnd());
    }
    return operands.length === 1 ? operands[0]! : { kind: 'or', operands };
  };
  const parseAnd = (): FilterExpression => {
    const operands = [parseUnary()];
    while (isKeyword(peek(), 'AND')) {
      position++;
      operands.push(parseUnary());
    }
    return operands.length === 1 ? operands[0]! : { kind: 'and', operands };
  };
  const parseUnary = (): FilterExpression => {
    const token = peek();
    if (isKeyword(token, 'NOT')) {
      position++;
      return { kind: 'not', operand: parseUnary() };
    }
    if (token?.kind === 'open') {
      position++;
      const inner = parseOr();
      if (peek()?.kind !== 'close') fail('expected ")"', peek()?.at);
      position++;
      return inner;
    }
    return parseCondition();
  };
  const parseCondition = (): FilterExpression => {
    const attribute = peek();
    if (attribute?.kind === 'operator') {
      fail(`numeric comparisons ("${attribute.text}") are not supported by the local engine; use facet filters (attr:value)`, attribute.at);
    }
    if (attribute?.kind !== 'word') return fail('expected a condition such as lang:en', attribute?.at);
    position++;
    const separator = peek();
    if (separator?.kind === 'operator') {
      fail(`numeric comparisons ("${attribute.text} ${separator.text} …") are not supported by the local engine; use facet filters (attr:value)`, separator.at);
    }
    if (separator?.kind !== 'colon') return fail(`expected ":" after "${attribute.text}"`, separator?.at);
    position++;
    const value = peek();
    if (value?.kind !== 'word') return fail(`expected a value after "${attribute.text}:"`, value?.at);
    position++;
    if (isKeyword(peek(), 'TO')) fail('numeric ranges (a TO b) are not supported by the local engine', peek()?.at);
    if (attribute.text === '_tags') fail('tag filters (_tags) are not supported by the local engine; use a facet attribute', attribute.at);
    return { kind: 'facet', attribute: attribute.text, value: value.text };
  };

  const expression = parseOr();
  if (position < tokens.length) fail('unexpected input', peek()?.at);
  return expression;
}

function lex(source: string, RequestError: RequestErrorClass): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i]!;
    if (/\s/.test(ch)) {
      i++;
    } else if (ch === '(' || ch === ')') {
      tokens.push({ kind: ch === '(' ? 'open' : 'close', at: i });
      i++;
    } else if (ch === ':') {
      tokens.push({ kind: 'colon', at: i });
      i++;
    } else if (/[<>=!]/.test(ch)) {
      const match = /^(<=|>=|!=|<|>|=)/.exec(source.slice(i))!;
      tokens.push({ kind: 'operator', text: match[0], at: i });
      i += match[0].length;
    } else if (ch === '"' || ch === "'") {
      const start = i;
      let text = '';
      i++;
      while (i < source.length && source[i] !== ch) {
        if (source[i] === '\\' && i + 1 < source.length) i++;
        text += source[i];
        i++;
      }
      if (i >= source.length) {
        throw new RequestError(`"filters": unterminated quote at character ${start + 1} of ${JSON.stringify(source)}`);
      }
      i++;
      tokens.push({ kind: 'word', text, quoted: true, at: start });
    } else {
      const start = i;
      while (i < source.length && !/[\s():<>=!"']/.test(source[i]!)) i++;
      tokens.push({ kind: 'word', text: source.slice(start, i), quoted: false, at: start });
    }
  }
  return tokens;
}

/** Every attribute a filter expression mentions, to check them against the filterable ones. */
export function filterAttributes(expression: FilterExpression | null): string[] {
  if (!expression) return [];
  switch (expression.kind) {
    case 'facet':
      return [expression.attribute];
    case 'not':
      return filterAttributes(expression.operand);
    default:
      return expression.operands.flatMap(filterAttributes);
  }
}

export function evaluateFilter(expression: FilterExpression, hasValue: (attribute: string, value: string) => boolean): boolean {
  switch (expression.kind) {
    case 'facet':
      return hasValue(expression.attribute, expression.value);
    case 'not':
      return !evaluateFilter(expression.operand, hasValue);
    case 'and':
      return expression.operands.every((operand) => evaluateFilter(operand, hasValue));
    case 'or':
      return expression.operands.some((operand) => evaluateFilter(operand, hasValue));
  }
}
