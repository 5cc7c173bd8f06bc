/**
 * Selector lists compiled into one table that matches an element with a few lookups.
 *
 * The indexer asks of nearly every element of every page whether it is ignored, a heading or a
 * text block. css-select answers with a chain of closures per selector, which were the hottest
 * code of extraction and which V8 optimized again and again. Nearly every selector that sites
 * use is a single compound (`nav`, `.hash-link`, `[role="navigation"]`, `main[data-x]`), so those
 * are parsed here and checked directly: by tag name, then by class, id or attribute name. A
 * selector outside that grammar (combinators, pseudo-classes, escapes, namespaces…) is left to
 * css-select, so every selector still means exactly what css-select makes of it. The parser is
 * deliberately strict: what it does not recognise goes to css-select, never to a guess.
 */
import { compile } from 'css-select';
import { isSpace, type HtmlElement } from './parse-html.js';

type Matcher = (element: HtmlElement) => boolean;

/**
 * A compiled selector. css-select's default adapter (domutils) is typed for domhandler's nodes
 * but reads them by field name only, which `parseHtml`'s nodes share (see parse-html.ts).
 */
export function compileWithCssSelect(selector: string): Matcher {
  return compile(selector) as unknown as Matcher;
}

const enum TestKind {
  /** `[name]`: present (domutils' `hasAttrib`). */
  Exists,
  /** `[name=value]`, case-sensitive. */
  Equals,
  /** `[name=value]` compared case-insensitively (an HTML attribute whose values are, or the `i` flag). */
  EqualsIgnoreCase,
  /** `.value` or `[name~=value]`: one of the whitespace-separated words, case-sensitive. */
  Word,
}

/** One attribute condition of a compound; all have the same shape so that the loop over them stays monomorphic. */
interface AttributeTest {
  kind: TestKind;
  name: string;
  /** Lower-cased for `EqualsIgnoreCase`. */
  value: string;
}

interface Compound {
  /** Lower-cased tag name, or null for any element. */
  tag: string | null;
  tests: AttributeTest[];
}

interface Entry {
  label: number;
  tests: AttributeTest[];
}

/**
 * Attributes whose values HTML compares case-insensitively in selectors, as css-select lists them
 * (it lower-cases both sides for `=` on these unless the selector says `s`).
 */
const CASE_INSENSITIVE_ATTRIBUTES = new Set([
  'accept', 'accept-charset', 'align', 'alink', 'axis', 'bgcolor', 'charset', 'checked', 'clear', 'codetype', 'color',
  'compact', 'declare', 'defer', 'dir', 'direction', 'disabled', 'enctype', 'face', 'frame', 'hreflang', 'http-equiv',
  'lang', 'language', 'link', 'media', 'method', 'multiple', 'nohref', 'noresize', 'noshade', 'nowrap', 'readonly',
  'rel', 'rev', 'rules', 'scope', 'scrolling', 'selected', 'shape', 'target', 'text', 'type', 'valign', 'valuetype', 'vlink',
]);

/** What `\s` matches in a JavaScript regular expression: css-select splits class lists with it. */
function isJsSpace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 160) return false;
  return (
    code === 160 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 ||
    code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff
  );
}

/** Whether `word` is one of the `\s`-separated words of `list` (css-select's `~=`, without a RegExp). */
function hasWord(list: string, word: string): boolean {
  const length = word.length;
  let from = 0;
  for (;;) {
    const at = list.indexOf(word, from);
    if (at < 0) return false;
    const end = at + length;
    if ((at === 0 || isJsSpace(list.charCodeAt(at - 1))) && (end === list.length || isJsSpace(list.charCodeAt(end)))) return true;
    from = at + 1;
  }
}

/** Whether an element has the attribute `name`, as css-select's `[name]` decides it. */
export function hasAttribute(attribs: Record<string, string>, name: string): boolean {
  return attribs[name] != null && Object.hasOwn(attribs, name);
}

function passes(tests: AttributeTest[], attribs: Record<string, string>): boolean {
  for (let i = 0; i < tests.length; i++) {
    const test = tests[i]!;
    const value = attribs[test.name];
    switch (test.kind) {
      case TestKind.Exists:
        if (!hasAttribute(attribs, test.name)) return false;
        break;
      case TestKind.Equals:
        if (value !== test.value) return false;
        break;
      case TestKind.EqualsIgnoreCase:
        if (value == null || value.length !== test.value.length || value.toLowerCase() !== test.value) return false;
        break;
      case TestKind.Word:
        if (value == null || value.length < test.value.length || !hasWord(value, test.value)) return false;
        break;
    }
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// Parsing: a strict subset of what css-what (css-select's parser) reads, with the same meaning.

const SPACE = /[ \t\n\f\r]*/y;
/** A name as css-what reads it, restricted to ASCII word characters (no escapes, no non-ASCII). */
const NAME = /[\w-]+/y;
/** Characters that would make css-what read a longer name than `NAME` did: escapes and U+00B0 onwards. */
function continuesName(code: number): boolean {
  return code === 92 || code >= 0xb0;
}

class Reader {
  at = 0;
  constructor(readonly text: string) {}
  code(): number {
    return this.at < this.text.length ? this.text.charCodeAt(this.at) : -1;
  }
  space(): void {
    SPACE.lastIndex = this.at;
    SPACE.test(this.text);
    this.at = SPACE.lastIndex;
  }
  name(): string | null {
    NAME.lastIndex = this.at;
    const match = NAME.exec(this.text);
    if (!match) return null;
    this.at = NAME.lastIndex;
    return continuesName(this.code()) ? null : match[0];
  }
}

/** `[...]` after its `[`: the test css-select would run, or null when it is outside the subset. */
function readAttribute(reader: Reader): AttributeTest | null {
  reader.space();
  const rawName = reader.name();
  if (rawName === null) return null;
  // css-select lower-cases attribute names in HTML mode, and reads them as `attribs[name]`, which
  // would find Object.prototype's own members: leave such names to it.
  const name = rawName.toLowerCase();
  if (name in Object.prototype) return null;
  reader.space();
  let code = reader.code();
  if (code === 93) {
    reader.at++;
    return { kind: TestKind.Exists, name, value: '' };
  }
  let word = false;
  if (code === 126) {
    word = true;
    reader.at++;
    code = reader.code();
  }
  if (code !== 61) return null;
  reader.at++;
  reader.space();
  code = reader.code();
  let value: string;
  if (code === 34 || code === 39) {
    const close = reader.text.indexOf(String.fromCharCode(code), reader.at + 1);
    if (close < 0) return null;
    value = reader.text.slice(reader.at + 1, close);
    if (value.includes('\\')) return null;
    reader.at = close + 1;
  } else {
    const unquoted = reader.name();
    if (unquoted === null) return null;
    value = unquoted;
    const next = reader.code();
    if (next !== 93 && !isSpace(next)) return null;
  }
  reader.space();
  let ignoreCase: boolean | null = null;
  const flag = reader.code() | 0x20;
  if (flag === 105 || flag === 115) {
    ignoreCase = flag === 105;
    reader.at++;
    reader.space();
  }
  if (reader.code() !== 93) return null;
  reader.at++;
  ignoreCase ??= CASE_INSENSITIVE_ATTRIBUTES.has(name);
  if (word) {
    // css-select never matches a word containing whitespace, and matches the others with a
    // case-insensitive RegExp, whose notion of case is not toLowerCase's: both left to it.
    if (ignoreCase || /\s/.test(value)) return null;
    return { kind: TestKind.Word, name, value };
  }
  return ignoreCase ? { kind: TestKind.EqualsIgnoreCase, name, value: value.toLowerCase() } : { kind: TestKind.Equals, name, value };
}

/** One compound at the reader's position, up to a comma or the end; null when outside the subset. */
function readCompound(reader: Reader): Compound | null {
  const compound: Compound = { tag: null, tests: [] };
  let any = false;
  if (reader.code() === 42) {
    reader.at++;
    any = true;
  } else {
    const code = reader.code();
    if (code !== 46 && code !== 35 && code !== 91) {
      const tag = reader.name();
      if (tag === null) return null;
      compound.tag = tag.toLowerCase();
      any = true;
    }
  }
  for (;;) {
    const code = reader.code();
    if (code === 46 || code === 35) {
      reader.at++;
      const value = reader.name();
      if (value === null) return null;
      compound.tests.push(code === 46 ? { kind: TestKind.Word, name: 'class', value } : { kind: TestKind.Equals, name: 'id', value });
    } else if (code === 91) {
      reader.at++;
      const test = readAttribute(reader);
      if (!test) return null;
      compound.tests.push(test);
    } else {
      break;
    }
    any = true;
  }
  return any ? compound : null;
}

/**
 * The compounds of a selector list made only of compounds (`a.b, [c]`), or null if any part of
 * it is outside the subset (combinators, pseudo-classes, escapes, comments, namespaces…).
 */
export function parseCompounds(selector: string): Compound[] | null {
  const reader = new Reader(selector);
  const compounds: Compound[] = [];
  reader.space();
  for (;;) {
    const compound = readCompound(reader);
    if (!compound) return null;
    compounds.push(compound);
    reader.space();
    const code = reader.code();
    if (code === -1) return compounds;
    if (code !== 44) return null;
    reader.at++;
    reader.space();
  }
}

/**
 * The compound an element must match for `selector` to match it: its last compound, when the
 * selector is one complex selector whose last compound is in the subset (`main article` →
 * `article`, `nav details:has(a) > summary` → `summary`); otherwise null. css-select matches
 * from the right, so this is a sound pre-check before asking it.
 */
export function lastCompound(selector: string): Compound | null {
  if (selector.includes('\\') || selector.includes('/*')) return null;
  let quote = 0;
  let depth = 0;
  let start = 0;
  for (let i = 0; i < selector.length; i++) {
    const code = selector.charCodeAt(i);
    if (quote !== 0) {
      if (code === quote) quote = 0;
    } else if (code === 34 || code === 39) {
      quote = code;
    } else if (code === 40 || code === 91) {
      depth++;
    } else if (code === 41 || code === 93) {
      depth--;
    } else if (depth === 0) {
      if (code === 44) return null;
      // Whitespace, `>`, `+` and `~` outside brackets, parentheses and quotes are combinators.
      if (isSpace(code) || code === 62 || code === 43 || code === 126) start = i + 1;
    }
  }
  const rest = selector.slice(start);
  if (rest.trim() === '' || quote !== 0 || depth !== 0) return null;
  const compounds = parseCompounds(rest);
  return compounds?.length === 1 ? compounds[0]! : null;
}

// ---------------------------------------------------------------------------------------------

/** A group of selectors that css-select would compile as one list (`selectors.join(', ')`). */
export interface SelectorGroup {
  selectors: string[];
  /** What the table answers when this group matches; the smallest matching label wins. */
  label: number;
  /** Thrown when css-select rejects the group (the message gets css-select's reason appended). */
  onInvalid: (reason: string) => Error;
}

function compileGroup(group: SelectorGroup): Matcher {
  const joined = group.selectors.join(', ');
  try {
    return compileWithCssSelect(joined);
  } catch (error) {
    throw group.onInvalid((error as Error).message);
  }
}

/** Answers, for an element, the smallest label of the groups that match it (-1 for none). */
export class SelectorTable {
  /** Compounds with a tag name, by that name. */
  private readonly byTag = new Map<string, Entry[]>();
  /** Other compounds with a class, by their first class. */
  private readonly byClass: { word: string; entries: Entry[] }[] = [];
  /** Other compounds with an id, by that id. */
  private readonly byId = new Map<string, Entry[]>();
  /** Other compounds with an attribute test, by the attribute every element they match has. */
  private readonly byAttribute: { name: string; entries: Entry[] }[] = [];
  /** `*` and its like: compounds that match every element. */
  private readonly everything: Entry[] = [];
  /** css-select's matchers for what the subset does not cover, by label. */
  private readonly fallbacks: Fallback[] = [];

  constructor(groups: SelectorGroup[]) {
    for (const group of groups) {
      // Validate the group as css-select reads it, so that errors stay what they were.
      const whole = compileGroup(group);
      const rest: string[] = [];
      const compounds: Compound[] = [];
      let separable = true;
      for (const selector of group.selectors) {
        const parsed = parseCompounds(selector);
        if (parsed) {
          compounds.push(...parsed);
          continue;
        }
        // A selector left to css-select must mean the same on its own as within the joined list
        // (it would not if it opened a quote that a later selector closes): it does when it is valid alone.
        try {
          compileWithCssSelect(selector);
        } catch {
          separable = false;
          break;
        }
        rest.push(selector);
      }
      if (!separable) {
        this.fallbacks.push({ label: group.label, match: whole, tag: null, tests: null });
        continue;
      }
      for (const compound of compounds) this.add(compound, group.label);
      for (const selector of rest) {
        const last = lastCompound(selector);
        this.fallbacks.push({ label: group.label, match: compileWithCssSelect(selector), tag: last?.tag ?? null, tests: last?.tests ?? null });
      }
    }
    this.fallbacks.sort((a, b) => a.label - b.label);
  }

  private add(compound: Compound, label: number): void {
    const entry: Entry = { label, tests: compound.tests };
    let entries: Entry[] | undefined;
    const classTest = compound.tests.find((test) => test.name === 'class' && test.kind === TestKind.Word);
    const idTest = compound.tests.find((test) => test.name === 'id' && test.kind === TestKind.Equals);
    if (compound.tag !== null) {
      entries = this.byTag.get(compound.tag);
      if (!entries) this.byTag.set(compound.tag, (entries = []));
    } else if (classTest) {
      entries = this.byClass.find((bucket) => bucket.word === classTest.value)?.entries;
      if (!entries) this.byClass.push({ word: classTest.value, entries: (entries = []) });
    } else if (idTest) {
      entries = this.byId.get(idTest.value);
      if (!entries) this.byId.set(idTest.value, (entries = []));
    } else if (compound.tests.length > 0) {
      // Every test needs its attribute present (`Exists`, `Equals`…): the first one's name is a key.
      const name = compound.tests[0]!.name;
      entries = this.byAttribute.find((bucket) => bucket.name === name)?.entries;
      if (!entries) this.byAttribute.push({ name, entries: (entries = []) });
    } else {
      entries = this.everything;
    }
    entries.push(entry);
    entries.sort((a, b) => a.label - b.label);
  }

  /** The smallest label of the groups matching `element`, or -1. */
  match(element: HtmlElement): number {
    const attribs = element.attribs;
    let best = NONE;
    const tagged = this.byTag.get(element.name);
    if (tagged !== undefined) best = firstPassing(tagged, attribs, best);
    if (this.byClass.length > 0) {
      const classes = attribs.class;
      if (classes != null) {
        for (let i = 0; i < this.byClass.length; i++) {
          const bucket = this.byClass[i]!;
          if (bucket.entries[0]!.label < best && hasWord(classes, bucket.word)) best = firstPassing(bucket.entries, attribs, best);
        }
      }
    }
    if (this.byId.size > 0) {
      const id = attribs.id;
      if (id != null) {
        const entries = this.byId.get(id);
        if (entries !== undefined) best = firstPassing(entries, attribs, best);
      }
    }
    for (let i = 0; i < this.byAttribute.length; i++) {
      const bucket = this.byAttribute[i]!;
      if (bucket.entries[0]!.label < best && attribs[bucket.name] != null) best = firstPassing(bucket.entries, attribs, best);
    }
    if (this.everything.length > 0) best = firstPassing(this.everything, attribs, best);
    for (let i = 0; i < this.fallbacks.length; i++) {
      const fallback = this.fallbacks[i]!;
      if (fallback.label >= best) break;
      if (fallback.tag !== null && fallback.tag !== element.name) continue;
      if (fallback.tests !== null && !passes(fallback.tests, attribs)) continue;
      if (fallback.match(element)) {
        best = fallback.label;
        break;
      }
    }
    return best === NONE ? -1 : best;
  }

  /** Whether any group matches `element`. */
  matches(element: HtmlElement): boolean {
    return this.match(element) >= 0;
  }
}

const NONE = 0x7fffffff;

/** A selector left to css-select, with the last compound it needs (when known) checked first. */
interface Fallback {
  label: number;
  match: Matcher;
  tag: string | null;
  tests: AttributeTest[] | null;
}

/** The label of the first entry (they are sorted by label) below `best` whose tests pass, else `best`. */
function firstPassing(entries: Entry[], attribs: Record<string, string>, best: number): number {
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    if (entry.label >= best) break;
    if (passes(entry.tests, attribs)) return entry.label;
  }
  return best;
}
