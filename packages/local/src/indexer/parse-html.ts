/**
 * HTML → a tree of plain objects. It builds the same tree as htmlparser2's `parseDocument` (with
 * domhandler, entities decoded), node for node, with the same fields by the same names (`type`,
 * `name`, `attribs`, `children`, `parent`, `prev`, `next`, `data`), so css-select's default adapter
 * (domutils, which reads nodes by those fields) matches selectors on it as it does on domhandler's.
 *
 * Why hand-written rather than htmlparser2's Parser: on the Vitest docs (222 pages, 1.87 MB) the
 * library cost ~215 ms of the indexer's main thread plus a large share of V8's background
 * compiling (its `parse` loop was optimized 8 times over deopts, its per-character state methods
 * more), measured on the shared 2-core machine. Here text is found with `indexOf('<')`, tags and
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

/** Whitespace as the library counts it: space, \n, \t, \f, \r. */
function isSpace(c: number): boolean {
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

/** Parses a whole page (HTML mode, entities decoded), as `parseDocument(html, { decodeEntities: true })` does. */
export function parseHtml(html: string): HtmlDocument {
  const document: HtmlDocument = { type: 'root', children: [], parent: null, elements: [] };
  const elements = document.elements;
  const n = html.length;
  /** Open elements, innermost last. */
  const stack: HtmlElement[] = [];
  let current: HtmlParent = document;
  /** Foreign contexts, innermost last: one per open svg, math or integration point. */
  const foreign: number[] = [HTML];
  /** The text node that more text joins, until anything else is added or an element closes. */
  let pending: HtmlData | null = null;

  const append = (node: HtmlNode): void => {
    const siblings = current.children;
    if (siblings.length > 0) {
      const previous = siblings[siblings.length - 1]!;
      node.prev = previous;
      previous.next = node;
    }
    node.parent = current;
    siblings.push(node);
    pending = null;
  };
  const addText = (text: string): void => {
    if (pending !== null) pending.data += text;
    else {
      const node: HtmlData = { type: 'text', name: '', data: text, parent: null, prev: null, next: null };
      append(node);
      pending = node;
    }
  };
  /** Raw text from `start` to `end`, entities decoded. */
  const addRawText = (start: number, end: number): void => {
    if (start >= end) return;
    const text = html.slice(start, end);
    addText(text.indexOf('&') === -1 ? text : decodeHTML(text));
  };
  const addData = (type: 'comment' | 'directive', name: string, data: string): void => {
    append({ type, name, data, parent: null, prev: null, next: null });
  };
  const pop = (): void => {
    const element = stack.pop()!;
    const name = element.name;
    if (name === 'svg' || name === 'math' || INTEGRATION_POINTS.has(name)) foreign.pop();
    current = stack.length > 0 ? stack[stack.length - 1]! : document;
    pending = null;
  };
  const isOpen = (name: string): boolean => {
    for (let i = stack.length - 1; i >= 0; i--) if (stack[i]!.name === name) return true;
    return false;
  };
  /** A tag name as the library reads it in the current foreign context. */
  const adjustName = (name: string): string => {
    const context = foreign[foreign.length - 1]!;
    if (context === SVG) return SVG_NAMES.get(name) ?? name;
    if (foreign.length > 1) {
      const adjusted = SVG_NAMES.get(name);
      if (adjusted !== undefined && isOpen(adjusted)) return adjusted;
    }
    return context === HTML && name === 'image' ? 'img' : name;
  };
  const openElement = (name: string, attribs: Record<string, string>): HtmlElement => {
    const element: HtmlElement = { type: name === 'script' ? 'script' : name === 'style' ? 'style' : 'tag', name, attribs, children: [], parent: null, prev: null, next: null };
    append(element);
    elements.push(element);
    if (!VOID.has(name)) {
      stack.push(element);
      current = element;
      if (name === 'svg') foreign.push(SVG);
      else if (name === 'math') foreign.push(MATHML);
      else if (INTEGRATION_POINTS.has(name)) foreign.push(HTML);
    }
    return element;
  };
  /** What opening `name` closes first. */
  const closeImplied = (name: string): void => {
    const closes = IMPLIED_ENDS.get(name);
    if (closes === undefined) return;
    while (stack.length > 0 && closes.includes(stack[stack.length - 1]!.name)) pop();
  };
  const closeTag = (name: string): void => {
    if (VOID.has(name)) {
      // `</br>` is a `<br>`; other void closing tags are ignored.
      if (name === 'br') {
        openElement('br', {});
        pending = null;
      }
      return;
    }
    for (let i = stack.length - 1; i >= 0; i--) {
      if (stack[i]!.name === name) {
        while (stack.length > i) pop();
        return;
      }
    }
    // `</p>` with no open p is an empty p.
    if (name === 'p') {
      closeImplied('p');
      openElement('p', {});
      pop();
    }
  };
  /** Skips to the `>` ending a closing tag from `from`; at the end of the input, its last character is text (as the library has it). */
  const endClosingTag = (from: number): number => {
    const gt = html.indexOf('>', from);
    if (gt >= 0) return gt + 1;
    addText(html.slice(n - 1));
    return n;
  };

  let i = 0;
  /** Start of the text not yet added. */
  let text = 0;
  while (i < n) {
    const lt = html.indexOf('<', i);
    if (lt < 0) break;
    const c = html.charCodeAt(lt + 1);
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90)) {
      // An opening tag.
      let end = lt + 2;
      while (!endsName(html.charCodeAt(end))) end++;
      const lowered = lowerSlice(html, lt + 1, end);
      const special = foreign[foreign.length - 1] === HTML && RAW_TEXT.has(lowered);
      if (end >= n) {
        // Cut off in its name: dropped, unless it could still have become a raw-text element,
        // whose name the library then gives as text.
        addRawText(text, lt);
        if (foreign[foreign.length - 1] === HTML) {
          for (const name of RAW_TEXT) {
            if (name.startsWith(lowered)) {
              addText(html.slice(lt + 1));
              break;
            }
          }
        }
        i = text = n;
        break;
      }
      addRawText(text, lt);
      const name = adjustName(lowered);
      // A second form inside a form is ignored, attributes and all.
      const ignored = name === 'form' && isOpen('form');
      if (!ignored) closeImplied(name);
      const attribs: Record<string, string> = {};
      let p = end;
      let closed = 0; // 1: `>`, 2: `/>`, 0: cut off by the end of the input
      let cutInSlash = false;
      for (;;) {
        let a = html.charCodeAt(p);
        while (isSpace(a)) a = html.charCodeAt(++p);
        if (p >= n) break;
        if (a === 62) {
          closed = 1;
          p++;
          break;
        }
        if (a === 47) {
          a = html.charCodeAt(++p);
          while (isSpace(a)) a = html.charCodeAt(++p);
          if (p >= n) {
            cutInSlash = true;
            break;
          }
          if (a === 62) {
            closed = 2;
            p++;
            break;
          }
          continue;
        }
        // An attribute name: from this character (even `=`) to `=`, whitespace, `/` or `>`.
        const nameStart = p;
        a = html.charCodeAt(++p);
        while (a !== 61 && !endsName(a)) a = html.charCodeAt(++p);
        if (p >= n) break;
        const attribute = lowerSlice(html, nameStart, p);
        while (isSpace(a)) a = html.charCodeAt(++p);
        if (p >= n) break;
        let value = '';
        if (a === 61) {
          a = html.charCodeAt(++p);
          while (isSpace(a)) a = html.charCodeAt(++p);
          if (p >= n) break;
          if (a === 34 || a === 39) {
            const close = html.indexOf(a === 34 ? '"' : "'", p + 1);
            if (close < 0) {
              p = n;
              break;
            }
            value = html.slice(p + 1, close);
            p = close + 1;
          } else {
            const valueStart = p;
            while (!isSpace(a) && a !== 62 && p < n) a = html.charCodeAt(++p);
            if (p >= n) break;
            value = html.slice(valueStart, p);
          }
          if (value.indexOf('&') !== -1) value = decodeHTMLAttribute(value);
        }
        // The first of duplicated attributes wins.
        if (!Object.hasOwn(attribs, attribute)) attribs[attribute] = value;
      }
      if (closed === 0) {
        // Cut off inside the tag: dropped; cut off after its `/`, the input's last character is text.
        text = n;
        if (cutInSlash) addText(html.slice(n - 1));
        i = n;
        break;
      }
      i = text = p;
      if (ignored) continue;
      const element = openElement(name, attribs);
      if (closed === 2 && foreign[foreign.length - 1] !== HTML) {
        // Self-closing only in foreign content (`<svg/>` included, integration points excluded).
        if (stack[stack.length - 1] === element) pop();
        else pending = null;
        continue;
      }
      if (!special) continue;
      // Raw text up to the closing tag (the element's name, any case).
      if (lowered === 'plaintext') {
        if (p < n) addText(html.slice(p));
        i = text = n;
        break;
      }
      const rcdata = lowered === 'title' || lowered === 'textarea';
      const ampersands: number[] | null = rcdata ? [] : null;
      const stop = rawTextEnd(html, p, lowered, ampersands);
      const textEnd = stop < 0 ? n : stop;
      if (p < textEnd) {
        if (ampersands === null) addText(html.slice(p, textEnd));
        else addText(decodeRcdata(html, p, textEnd, ampersands));
      }
      if (stop < 0) {
        i = text = n;
        break;
      }
      const closeEnd = stop + 2 + lowered.length;
      closeTag(adjustName(lowerSlice(html, stop + 2, closeEnd)));
      i = text = endClosingTag(closeEnd);
      continue;
    }
    if (c === 47) {
      // A closing tag, or what the library reads instead.
      const d = html.charCodeAt(lt + 2);
      if ((d >= 97 && d <= 122) || (d >= 65 && d <= 90)) {
        let end = lt + 3;
        while (!endsName(html.charCodeAt(end))) end++;
        addRawText(text, lt);
        if (end >= n) {
          // Cut off in its name: dropped.
          i = text = n;
          break;
        }
        closeTag(adjustName(lowerSlice(html, lt + 2, end)));
        i = text = endClosingTag(end);
        continue;
      }
      if (d === 62) {
        // `</>` is nothing; the text around it joins.
        addRawText(text, lt);
        i = text = lt + 3;
        continue;
      }
      if (d !== d) {
        // `</` at the end stays text.
        i = lt + 1;
        continue;
      }
      // `</` then anything else: a bogus comment up to `>`.
      addRawText(text, lt);
      i = text = bogusComment(lt + 2, lt + 3);
      continue;
    }
    if (c === 33) {
      addRawText(text, lt);
      i = text = declaration(lt + 2);
      continue;
    }
    if (c === 63) {
      // `<?…>` is a bogus comment in HTML, the `?` included.
      addRawText(text, lt);
      i = text = bogusComment(lt + 1, lt + 2);
      continue;
    }
    // A `<` that starts nothing is text.
    i = lt + 1;
  }
  addRawText(text, n);
  return document;

  /** A comment of the characters from `start` up to the first `>` from `from` (or the end). */
  function bogusComment(start: number, from: number): number {
    const gt = html.indexOf('>', from);
    const end = gt < 0 ? n : gt;
    addData('comment', '', html.slice(start, end));
    return gt < 0 ? n : gt + 1;
  }

  /** After `<!` at `s`: a comment, CDATA, a doctype or a bogus comment. Returns where the text resumes. */
  function declaration(s: number): number {
    const c = html.charCodeAt(s);
    if (c !== c) {
      addData('comment', '', '');
      return n;
    }
    if (c === 62) {
      addData('comment', '', '');
      return s + 1;
    }
    if (c === 45) {
      const d = html.charCodeAt(s + 1);
      if (d === 45) return comment(s + 2);
      if (d === 62) {
        addData('comment', '', '-');
        return s + 2;
      }
      return bogusComment(s, s + 1);
    }
    if (c === 91) {
      // `<![CDATA[` (exactly so) … `]]>`: a comment in HTML, text in svg or math.
      const cdata = 'CDATA[';
      let k = 0;
      while (k < 6 && html.charCodeAt(s + 1 + k) === cdata.charCodeAt(k)) k++;
      if (k < 6) return bogusComment(s, s + 1 + k);
      const start = s + 7;
      const close = html.indexOf(']]>', start);
      if (close < 0) {
        addData('comment', '', html.slice(s));
        return n;
      }
      const value = html.slice(start, close);
      if (foreign[foreign.length - 1] !== HTML) addText(value);
      else addData('comment', '', `[CDATA[${value}]]`);
      return close + 3;
    }
    if ((c | 0x20) === 100) {
      const doctype = 'doctype';
      let k = 1;
      while (k < 7 && (html.charCodeAt(s + k) | 0x20) === doctype.charCodeAt(k)) k++;
      if (k < 7) {
        if (s + k >= n) {
          addData('comment', '', html.slice(s));
          return n;
        }
        return bogusComment(s, s + k);
      }
      const gt = html.indexOf('>', s + 7);
      if (gt < 0) return n;
      addData('directive', '!doctype', `!${html.slice(s, gt)}`);
      return gt + 1;
    }
    return bogusComment(s, s);
  }

  /** A comment whose text starts at `s` (after `<!--`): up to `-->` or `--!>`. */
  function comment(s: number): number {
    const c = html.charCodeAt(s);
    if (c === 62) {
      addData('comment', '', '');
      return s + 1;
    }
    if (c === 45 && html.charCodeAt(s + 1) === 62) {
      addData('comment', '', '');
      return s + 2;
    }
    let from = s;
    for (;;) {
      const gt = html.indexOf('>', from);
      if (gt < 0) break;
      if (gt - 2 >= s && html.charCodeAt(gt - 1) === 45 && html.charCodeAt(gt - 2) === 45) {
        addData('comment', '', html.slice(s, gt - 2));
        return gt + 1;
      }
      if (gt - 3 >= s && html.charCodeAt(gt - 1) === 33 && html.charCodeAt(gt - 2) === 45 && html.charCodeAt(gt - 3) === 45) {
        addData('comment', '', html.slice(s, gt - 3));
        return gt + 1;
      }
      from = gt + 1;
    }
    // Unclosed: to the end, less a trailing `-`, `--` or `--!` (what the library had matched of its end).
    let cut = 0;
    if (n - 1 >= s && html.charCodeAt(n - 1) === 45) cut = n - 2 >= s && html.charCodeAt(n - 2) === 45 ? 2 : 1;
    else if (n - 3 >= s && html.charCodeAt(n - 1) === 33 && html.charCodeAt(n - 2) === 45 && html.charCodeAt(n - 3) === 45) cut = 3;
    addData('comment', '', html.slice(s, n - cut));
    return n;
  }
}

/** Title or textarea text: entities decoded, but only from the `&`s the library reads as entities. */
function decodeRcdata(html: string, start: number, end: number, ampersands: number[]): string {
  let all = 0;
  for (let i = html.indexOf('&', start); i !== -1 && i < end; i = html.indexOf('&', i + 1)) all++;
  if (all === 0) return html.slice(start, end);
  if (all === ampersands.length) return decodeHTML(html.slice(start, end));
  // Some `&` came while a closing tag was half matched: it stays as written, and so does what follows it up to the next entity.
  let out = '';
  let from = start;
  let next = 0;
  for (let i = html.indexOf('&', start); i !== -1 && i < end; i = html.indexOf('&', i + 1)) {
    if (next < ampersands.length && ampersands[next] === i) {
      next++;
      continue;
    }
    out += decodeHTML(html.slice(from, i)) + '&';
    from = i + 1;
  }
  return out + decodeHTML(html.slice(from, end));
}
