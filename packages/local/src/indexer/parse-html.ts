/**
 * HTML → a tree of plain objects. It builds the same tree as htmlparser2's `parseDocument` (with
 * domhandler, entities decoded), node for node, with the same fields by the same names (`type`,
 * `name`, `attribs`, `children`, `parent`, `prev`, `next`, `data`), so css-select's default adapter
 * (domutils, which reads nodes by those fields) matches selectors on it as it does on domhandler's.
 *
 * Why hand-written rather than htmlparser2's Parser: on the Vitest docs (222 pages, 1.87 MB) the
 * library cost ~215 ms of the indexer's main thread plus a large share of V8's background
 * compiling (its `parse` loop was optimized 8 times over deopts, its per-character state methods
 * more), measured on the shared 2-core machine; this parser takes a cold pass over those pages
 * from ~1.5 to ~0.66 G instructions (all threads, compiling included, callgrind) and the whole
 * index build from ~6.0 to ~5.0 G. Here text is found with `indexOf('<')`, tags and
 * attributes are read by small loops, entities are decoded only where a `&` occurs, and raw text
 * is skipped to its closing tag; the rules for what the library does with odd markup (implied ends,
 * void and foreign elements, bogus comments, CDATA, what is left at the end of the input) follow
 * htmlparser2 12 in HTML mode, and the tests compare both trees on real and random markup.
 */
import { decodeHTML, decodeHTMLAttribute } from 'entities/decode';

export interface HtmlElement {
  type: 'tag' | 'script' | 'style';
  name: string;
  attribs: Record<string, string>;
  children: HtmlNode[];
  parent: HtmlParent | null;
  prev: HtmlNode | null;
  next: HtmlNode | null;
}

/** Text, a comment, or a `<!doctype>` / processing instruction (`directive`, its `data` as written). */
export interface HtmlData {
  type: 'text' | 'comment' | 'directive';
  /** The directive's name (`!doctype`), as domhandler has it; empty for text and comments. */
  name: string;
  data: string;
  parent: HtmlParent | null;
  prev: HtmlNode | null;
  next: HtmlNode | null;
}

export interface HtmlDocument {
  type: 'root';
  children: HtmlNode[];
  parent: null;
  /** Every element, in document order: what a search of the whole page walks, without the walk. */
  elements: HtmlElement[];
}

export type HtmlNode = HtmlElement | HtmlData;
export type HtmlParent = HtmlElement | HtmlDocument;

// The library's HTML tables (facts of its behaviour, not of the HTML standard).
const P = ['p'];
const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p'];
const FORM = ['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea'];
const TABLE_SECTIONS = ['thead', 'tbody'];
const DD_DT = ['dd', 'dt'];
const RT_RP = ['rt', 'rp'];
/** Opening a key closes, while the innermost open element is one of its values, that element. */
const IMPLIED_ENDS = new Map<string, readonly string[]>([
  ['tr', ['tr', 'th', 'td']],
  ['th', ['th']],
  ['td', ['thead', 'th', 'td']],
  ['body', ['head', 'link', 'script']],
  ['a', ['a']],
  ['li', ['li']],
  ['p', P],
  ['h1', HEADINGS],
  ['h2', HEADINGS],
  ['h3', HEADINGS],
  ['h4', HEADINGS],
  ['h5', HEADINGS],
  ['h6', HEADINGS],
  ['select', FORM],
  ['input', FORM],
  ['output', FORM],
  ['button', FORM],
  ['datalist', FORM],
  ['textarea', FORM],
  ['option', ['option']],
  ['optgroup', ['optgroup', 'option']],
  ['dd', DD_DT],
  ['dt', DD_DT],
  ['rt', RT_RP],
  ['rp', RT_RP],
  ['tbody', TABLE_SECTIONS],
  ['tfoot', TABLE_SECTIONS],
  ...['address', 'article', 'aside', 'blockquote', 'details', 'div', 'dl', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'header', 'hr', 'main', 'nav', 'ol', 'pre', 'section', 'table', 'ul'].map((name) => [name, P] as [string, readonly string[]]),
]);
const VOID = new Set(['area', 'base', 'basefont', 'br', 'col', 'command', 'embed', 'frame', 'hr', 'img', 'input', 'isindex', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
/** Elements inside svg/math whose content is read as HTML again (names as adjusted for SVG). */
const INTEGRATION_POINTS = new Set(['mi', 'mo', 'mn', 'ms', 'mtext', 'annotation-xml', 'foreignObject', 'desc', 'title']);
const SVG_NAMES = new Map(
  ['altGlyph', 'altGlyphDef', 'altGlyphItem', 'animateColor', 'animateMotion', 'animateTransform', 'clipPath', 'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feConvolveMatrix', 'feDiffuseLighting', 'feDisplacementMap', 'feDistantLight', 'feDropShadow', 'feFlood', 'feFuncA', 'feFuncB', 'feFuncG', 'feFuncR', 'feGaussianBlur', 'feImage', 'feMerge', 'feMergeNode', 'feMorphology', 'feOffset', 'fePointLight', 'feSpecularLighting', 'feSpotLight', 'feTile', 'feTurbulence', 'foreignObject', 'glyphRef', 'linearGradient', 'radialGradient', 'textPath'].map((name) => [name.toLowerCase(), name]),
);
/** Elements whose content is text up to their closing tag (title and textarea with entities decoded). */
const RAW_TEXT = new Set(['script', 'style', 'iframe', 'noembed', 'noframes', 'xmp', 'title', 'textarea', 'plaintext']);

/** The foreign context: HTML (also inside an integration point), SVG or MathML. */
const HTML = 0;
const SVG = 1;
const MATHML = 2;

/** Whitespace as the library counts it: space, \n, \t, \f, \r (CSS's whitespace too). */
export function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 12 || c === 13;
}

/** What ends a tag name or an attribute name: whitespace, `/`, `>` (also the end of the input, NaN). */
function endsName(c: number): boolean {
  return c === 62 || c === 47 || c === 32 || c === 10 || c === 9 || c === 12 || c === 13 || c !== c;
}

/** Lower-cased as the library does, without a copy when there is nothing to lower. */
function lowerSlice(html: string, start: number, end: number): string {
  const slice = html.slice(start, end);
  for (let i = start; i < end; i++) {
    const c = html.charCodeAt(i);
    if ((c >= 65 && c <= 90) || c > 127) return slice.toLowerCase();
  }
  return slice;
}

/**
 * Where the text of a raw-text element ends: the `<` of `</name` (any case) followed by
 * whitespace, `/` or `>`, matched the way the library's tokenizer matches it; -1 when it never
 * ends. `ampersands` (title, textarea) collects the `&`s that start an entity: only those met while
 * nothing of the closing tag is matched.
 */
function rawTextEnd(html: string, start: number, name: string, ampersands: number[] | null): number {
  const length = name.length + 2;
  let matched = 0;
  let i = start;
  const n = html.length;
  while (i < n) {
    const c = html.charCodeAt(i);
    if (matched === length) {
      if (endsName(c)) return i - length;
      matched = 0;
    }
    const expected = matched === 0 ? 60 : matched === 1 ? 47 : name.charCodeAt(matched - 2);
    if ((c | 0x20) === expected) {
      matched++;
      i++;
    } else if (matched === 0) {
      if (ampersands) {
        if (c === 38) ampersands.push(i);
        i++;
      } else {
        const lt = html.indexOf('<', i + 1);
        if (lt < 0) return -1;
        matched = 1;
        i = lt + 1;
      }
    } else {
      matched = c === 60 ? 1 : 0;
      i++;
    }
  }
  return -1;
}

/**
 * The tree being built and the parser's stacks. A class with small methods rather than closures
 * in `parseHtml`: closures made anew for every page are new call targets for V8's optimized code
 * (a deopt each), and one big function is compiled again whole after every deopt.
 */
class Builder {
  readonly document: HtmlDocument = { type: 'root', children: [], parent: null, elements: [] };
  /** Open elements, innermost last. */
  readonly stack: HtmlElement[] = [];
  current: HtmlParent = this.document;
  /** Foreign contexts, innermost last: one per open svg, math or integration point. */
  readonly foreign: number[] = [HTML];
  /** The text node that more text joins, until anything else is added or an element closes. */
  pending: HtmlData | null = null;

  constructor(readonly html: string) {}

  append(node: HtmlNode): void {
    const parent = this.current;
    const siblings = parent.children;
    if (siblings.length > 0) {
      const previous = siblings[siblings.length - 1]!;
      node.prev = previous;
      previous.next = node;
    }
    node.parent = parent;
    siblings.push(node);
    this.pending = null;
  }

  addText(text: string): void {
    const pending = this.pending;
    if (pending !== null) pending.data += text;
    else {
      const node: HtmlData = { type: 'text', name: '', data: text, parent: null, prev: null, next: null };
      this.append(node);
      this.pending = node;
    }
  }

  /** The page's characters from `start` to `end` as text, entities decoded. */
  addRawText(start: number, end: number): void {
    if (start >= end) return;
    const text = this.html.slice(start, end);
    this.addText(text.indexOf('&') === -1 ? text : decode(text, false));
  }

  addData(type: 'comment' | 'directive', name: string, data: string): void {
    this.append({ type, name, data, parent: null, prev: null, next: null });
  }

  inForeignContent(): boolean {
    return this.foreign[this.foreign.length - 1] !== HTML;
  }

  pop(): void {
    const stack = this.stack;
    const name = stack.pop()!.name;
    if (name === 'svg' || name === 'math' || INTEGRATION_POINTS.has(name)) this.foreign.pop();
    this.current = stack.length > 0 ? stack[stack.length - 1]! : this.document;
    this.pending = null;
  }

  isOpen(name: string): boolean {
    const stack = this.stack;
    for (let i = stack.length - 1; i >= 0; i--) if (stack[i]!.name === name) return true;
    return false;
  }

  /** A tag name as the library reads it in the current foreign context. */
  adjustName(name: string): string {
    const foreign = this.foreign;
    const context = foreign[foreign.length - 1]!;
    if (context === SVG) return SVG_NAMES.get(name) ?? name;
    if (foreign.length > 1) {
      const adjusted = SVG_NAMES.get(name);
      if (adjusted !== undefined && this.isOpen(adjusted)) return adjusted;
    }
    return context === HTML && name === 'image' ? 'img' : name;
  }

  openElement(name: string, attribs: Record<string, string>): HtmlElement {
    const element: HtmlElement = { type: name === 'script' ? 'script' : name === 'style' ? 'style' : 'tag', name, attribs, children: [], parent: null, prev: null, next: null };
    this.append(element);
    this.document.elements.push(element);
    if (!VOID.has(name)) {
      this.stack.push(element);
      this.current = element;
      if (name === 'svg') this.foreign.push(SVG);
      else if (name === 'math') this.foreign.push(MATHML);
      else if (INTEGRATION_POINTS.has(name)) this.foreign.push(HTML);
    }
    return element;
  }

  /** What opening `name` closes first. */
  closeImplied(name: string): void {
    const closes = IMPLIED_ENDS.get(name);
    if (closes === undefined) return;
    const stack = this.stack;
    while (stack.length > 0 && closes.includes(stack[stack.length - 1]!.name)) this.pop();
  }

  closeTag(name: string): void {
    if (VOID.has(name)) {
      // `</br>` is a `<br>`; other void closing tags are ignored.
      if (name === 'br') this.openElement('br', {});
      return;
    }
    const stack = this.stack;
    for (let i = stack.length - 1; i >= 0; i--) {
      if (stack[i]!.name === name) {
        while (stack.length > i) this.pop();
        return;
      }
    }
    // `</p>` with no open p is an empty p.
    if (name === 'p') {
      this.openElement('p', {});
      this.pop();
    }
  }

  /** Skips to the `>` ending a closing tag from `from`; at the end of the input, its last character is text (as the library has it). */
  endClosingTag(from: number): number {
    const html = this.html;
    const gt = html.indexOf('>', from);
    if (gt >= 0) return gt + 1;
    this.addText(html.slice(html.length - 1));
    return html.length;
  }
}

/** Parses a whole page (HTML mode, entities decoded), as `parseDocument(html, { decodeEntities: true })` does. */
export function parseHtml(html: string): HtmlDocument {
  const builder = new Builder(html);
  const n = html.length;
  let i = 0;
  /** Start of the text not yet added. */
  let text = 0;
  while (i < n) {
    const lt = html.indexOf('<', i);
    if (lt < 0) break;
    const c = html.charCodeAt(lt + 1);
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90)) {
      builder.addRawText(text, lt);
      i = text = openingTag(builder, lt);
    } else if (c === 47) {
      const d = html.charCodeAt(lt + 2);
      if (d !== d) {
        // `</` at the end stays text.
        i = lt + 1;
      } else {
        builder.addRawText(text, lt);
        i = text = closingTag(builder, lt, d);
      }
    } else if (c === 33) {
      builder.addRawText(text, lt);
      i = text = declaration(builder, lt + 2);
    } else if (c === 63) {
      // `<?…>` is a bogus comment in HTML, the `?` included.
      builder.addRawText(text, lt);
      i = text = bogusComment(builder, lt + 1, lt + 2);
    } else {
      // A `<` that starts nothing is text.
      i = lt + 1;
    }
  }
  builder.addRawText(text, n);
  return builder.document;
}

/** An opening tag at `lt`, with its attributes and, for raw-text elements, its text and closing tag. Returns where the text resumes. */
function openingTag(builder: Builder, lt: number): number {
  const html = builder.html;
  const n = html.length;
  let end = lt + 2;
  while (!endsName(html.charCodeAt(end))) end++;
  const lowered = lowerSlice(html, lt + 1, end);
  if (end >= n) return cutInName(builder, lt, lowered);
  const special = !builder.inForeignContent() && RAW_TEXT.has(lowered);
  const name = builder.adjustName(lowered);
  // A second form inside a form is ignored, attributes and all.
  const ignored = name === 'form' && builder.isOpen('form');
  if (!ignored) builder.closeImplied(name);
  const attribs: Record<string, string> = {};
  let after = readAttributes(html, end, attribs);
  if (after === CUT || after === CUT_AFTER_SLASH) {
    // Cut off inside the tag: dropped; cut off after its `/`, the input's last character is text.
    if (after === CUT_AFTER_SLASH) builder.addText(html.slice(n - 1));
    return n;
  }
  const selfClosing = after < 0;
  if (selfClosing) after = SELF_CLOSING - after;
  if (ignored) return after;
  const element = builder.openElement(name, attribs);
  if (selfClosing && builder.inForeignContent()) {
    // `/>`: self-closing only in foreign content (`<svg/>` included, integration points excluded).
    const stack = builder.stack;
    if (stack[stack.length - 1] === element) builder.pop();
    return after;
  }
  return special ? rawText(builder, after, lowered) : after;
}

/** An opening tag cut off in its name by the end of the input: dropped, unless it could still have become a raw-text element, whose name the library then gives as text. */
function cutInName(builder: Builder, lt: number, lowered: string): number {
  const html = builder.html;
  if (!builder.inForeignContent()) {
    for (const name of RAW_TEXT) {
      if (name.startsWith(lowered)) {
        builder.addText(html.slice(lt + 1));
        break;
      }
    }
  }
  return html.length;
}

/** What readAttributes returns when the input ends inside the tag, or after a `/` in it. */
const CUT = -1;
const CUT_AFTER_SLASH = -2;
/** Less what readAttributes returns for a tag ended by `/>` (so -3 - the index after it). */
const SELF_CLOSING = -3;

/**
 * Reads attributes from `p` (after the tag name) into `attribs`, up to the `>` ending the tag.
 * Returns the index after that `>` (SELF_CLOSING less it for `/>`), or CUT / CUT_AFTER_SLASH.
 */
function readAttributes(html: string, p: number, attribs: Record<string, string>): number {
  const n = html.length;
  for (;;) {
    p = skipSpace(html, p);
    let a = html.charCodeAt(p);
    if (p >= n) return CUT;
    if (a === 62) return p + 1;
    if (a === 47) {
      p = skipSpace(html, p + 1);
      if (p >= n) return CUT_AFTER_SLASH;
      if (html.charCodeAt(p) === 62) return SELF_CLOSING - (p + 1);
      continue;
    }
    // An attribute name: from this character (even `=`) to `=`, whitespace, `/` or `>`.
    const nameStart = p;
    a = html.charCodeAt(++p);
    while (a !== 61 && !endsName(a)) a = html.charCodeAt(++p);
    if (p >= n) return CUT;
    const attribute = lowerSlice(html, nameStart, p);
    p = skipSpace(html, p);
    if (p >= n) return CUT;
    let value = '';
    if (html.charCodeAt(p) === 61) {
      p = skipSpace(html, p + 1);
      if (p >= n) return CUT;
      a = html.charCodeAt(p);
      if (a === 34 || a === 39) {
        const close = html.indexOf(a === 34 ? '"' : "'", p + 1);
        if (close < 0) return CUT;
        value = attributeValue(html, p + 1, close);
        p = close + 1;
      } else {
        const valueStart = p;
        while (!isSpace(a) && a !== 62 && p < n) a = html.charCodeAt(++p);
        if (p >= n) return CUT;
        value = attributeValue(html, valueStart, p);
      }
    }
    // The first of duplicated attributes wins.
    if (!Object.hasOwn(attribs, attribute)) attribs[attribute] = value;
  }
}

/**
 * Where the whitespace from `p` ends. One function for every place whitespace may be: the rare
 * places then share the common ones' type feedback, so their first use does not deoptimize the caller.
 */
function skipSpace(html: string, p: number): number {
  while (isSpace(html.charCodeAt(p))) p++;
  return p;
}

/** An attribute value, entities decoded. */
function attributeValue(html: string, start: number, end: number): string {
  const value = html.slice(start, end);
  return value.indexOf('&') === -1 ? value : decode(value, true);
}

/** The text of a raw-text element from `start`, then its closing tag. Returns where the text resumes. */
function rawText(builder: Builder, start: number, name: string): number {
  const html = builder.html;
  const n = html.length;
  if (name === 'plaintext') {
    // Everything after it is text.
    if (start < n) builder.addText(html.slice(start));
    return n;
  }
  const rcdata = name === 'title' || name === 'textarea';
  const ampersands: number[] | null = rcdata ? [] : null;
  const stop = rawTextEnd(html, start, name, ampersands);
  const end = stop < 0 ? n : stop;
  if (start < end) builder.addText(ampersands === null ? html.slice(start, end) : decodeRcdata(html, start, end, ampersands));
  if (stop < 0) return n;
  const closeEnd = stop + 2 + name.length;
  builder.closeTag(builder.adjustName(lowerSlice(html, stop + 2, closeEnd)));
  return builder.endClosingTag(closeEnd);
}

/** `</` at `lt`, followed by `d`: a closing tag, or what the library reads instead. Returns where the text resumes. */
function closingTag(builder: Builder, lt: number, d: number): number {
  const html = builder.html;
  if ((d >= 97 && d <= 122) || (d >= 65 && d <= 90)) {
    let end = lt + 3;
    while (!endsName(html.charCodeAt(end))) end++;
    // Cut off in its name: dropped.
    if (end >= html.length) return end;
    builder.closeTag(builder.adjustName(lowerSlice(html, lt + 2, end)));
    return builder.endClosingTag(end);
  }
  // `</>` is nothing (the text around it joins); `</` then anything else, a bogus comment up to `>`.
  return d === 62 ? lt + 3 : bogusComment(builder, lt + 2, lt + 3);
}

/** A comment of the characters from `start` up to the first `>` from `from` (or the end). */
function bogusComment(builder: Builder, start: number, from: number): number {
  const html = builder.html;
  const gt = html.indexOf('>', from);
  const end = gt < 0 ? html.length : gt;
  builder.addData('comment', '', html.slice(start, end));
  return gt < 0 ? end : gt + 1;
}

/** After `<!` at `s`: a comment, CDATA, a doctype or a bogus comment. Returns where the text resumes. */
function declaration(builder: Builder, s: number): number {
  const html = builder.html;
  const n = html.length;
  const c = html.charCodeAt(s);
  if (c !== c) {
    builder.addData('comment', '', '');
    return n;
  }
  if (c === 62) {
    builder.addData('comment', '', '');
    return s + 1;
  }
  if (c === 45) {
    const d = html.charCodeAt(s + 1);
    if (d === 45) return comment(builder, s + 2);
    if (d === 62) {
      builder.addData('comment', '', '-');
      return s + 2;
    }
    return bogusComment(builder, s, s + 1);
  }
  if (c === 91) {
    // `<![CDATA[` (exactly so) … `]]>`: a comment in HTML, text in svg or math.
    const cdata = 'CDATA[';
    let k = 0;
    while (k < 6 && html.charCodeAt(s + 1 + k) === cdata.charCodeAt(k)) k++;
    if (k < 6) return bogusComment(builder, s, s + 1 + k);
    const start = s + 7;
    const close = html.indexOf(']]>', start);
    if (close < 0) {
      builder.addData('comment', '', html.slice(s));
      return n;
    }
    const value = html.slice(start, close);
    if (builder.inForeignContent()) builder.addText(value);
    else builder.addData('comment', '', `[CDATA[${value}]]`);
    return close + 3;
  }
  if ((c | 0x20) === 100) {
    const doctype = 'doctype';
    let k = 1;
    while (k < 7 && (html.charCodeAt(s + k) | 0x20) === doctype.charCodeAt(k)) k++;
    if (k < 7) return bogusComment(builder, s, s + k);
    const gt = html.indexOf('>', s + 7);
    if (gt < 0) return n;
    builder.addData('directive', '!doctype', `!${html.slice(s, gt)}`);
    return gt + 1;
  }
  return bogusComment(builder, s, s);
}

/** A comment whose text starts at `s` (after `<!--`): up to `-->` or `--!>`. Returns where the text resumes. */
function comment(builder: Builder, s: number): number {
  const html = builder.html;
  const n = html.length;
  const c = html.charCodeAt(s);
  if (c === 62 || (c === 45 && html.charCodeAt(s + 1) === 62)) {
    // `<!-->` and `<!--->` are empty comments.
    builder.addData('comment', '', '');
    return c === 62 ? s + 1 : s + 2;
  }
  let from = s;
  for (;;) {
    const gt = html.indexOf('>', from);
    if (gt < 0) break;
    if (gt - 2 >= s && html.charCodeAt(gt - 1) === 45 && html.charCodeAt(gt - 2) === 45) {
      builder.addData('comment', '', html.slice(s, gt - 2));
      return gt + 1;
    }
    if (gt - 3 >= s && html.charCodeAt(gt - 1) === 33 && html.charCodeAt(gt - 2) === 45 && html.charCodeAt(gt - 3) === 45) {
      builder.addData('comment', '', html.slice(s, gt - 3));
      return gt + 1;
    }
    from = gt + 1;
  }
  // Unclosed: to the end, less a trailing `-`, `--` or `--!` (what the library had matched of its end).
  let cut = 0;
  if (n - 1 >= s && html.charCodeAt(n - 1) === 45) cut = n - 2 >= s && html.charCodeAt(n - 2) === 45 ? 2 : 1;
  else if (n - 3 >= s && html.charCodeAt(n - 1) === 33 && html.charCodeAt(n - 2) === 45 && html.charCodeAt(n - 3) === 45) cut = 3;
  builder.addData('comment', '', html.slice(s, n - cut));
  return n;
}

/** Title or textarea text: entities decoded, but only from the `&`s the library reads as entities. */
function decodeRcdata(html: string, start: number, end: number, ampersands: number[]): string {
  let all = 0;
  for (let i = html.indexOf('&', start); i !== -1 && i < end; i = html.indexOf('&', i + 1)) all++;
  if (all === 0) return html.slice(start, end);
  if (all === ampersands.length) return decode(html.slice(start, end), false);
  // Some `&` came while a closing tag was half matched: it stays as written, and so does what follows it up to the next entity.
  let out = '';
  let from = start;
  let next = 0;
  for (let i = html.indexOf('&', start); i !== -1 && i < end; i = html.indexOf('&', i + 1)) {
    if (next < ampersands.length && ampersands[next] === i) {
      next++;
      continue;
    }
    out += `${decode(html.slice(from, i), false)}&`;
    from = i + 1;
  }
  return out + decode(html.slice(from, end), false);
}

/**
 * Text or an attribute value with entities decoded. The entities docs pages are full of (`&lt;`,
 * `&gt;`, `&quot;`, `&amp;` with their `;`) mean the same in text and attributes and are replaced
 * here; anything else goes to the library's decoder, whose rules (legacy names without `;`, which
 * differ in attributes, numeric references) this does not repeat.
 */
function decode(text: string, attribute: boolean): string {
  let out = '';
  let from = 0;
  for (let amp = text.indexOf('&'); amp !== -1; amp = text.indexOf('&', from)) {
    const replacement = commonEntity(text, amp + 1);
    if (replacement === '') return attribute ? decodeHTMLAttribute(text) : decodeHTML(text);
    out += text.slice(from, amp) + replacement;
    from = text.indexOf(';', amp) + 1;
  }
  return out + text.slice(from);
}

/** The character of `&lt;`, `&gt;`, `&quot;`, `&amp;`, `&apos;`, `&nbsp;` or `&#39;` whose name starts at `i`; '' for any other. */
function commonEntity(text: string, i: number): string {
  switch (text.charCodeAt(i)) {
    case 108: // l
      return text.startsWith('t;', i + 1) ? '<' : '';
    case 103: // g
      return text.startsWith('t;', i + 1) ? '>' : '';
    case 113: // q
      return text.startsWith('uot;', i + 1) ? '"' : '';
    case 97: // a
      return text.startsWith('mp;', i + 1) ? '&' : text.startsWith('pos;', i + 1) ? "'" : '';
    case 110: // n
      return text.startsWith('bsp;', i + 1) ? '\u00a0' : '';
    case 35: // #
      return text.startsWith('39;', i + 1) ? "'" : '';
    default:
      return '';
  }
}
