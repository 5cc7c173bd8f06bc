/**
 * HTML → a tree of plain objects, with htmlparser2's tokenizer and tree rules. It builds the
 * same tree as `parseDocument` (htmlparser2 with domhandler), with the same fields by the same
 * names (`type`, `name`, `attribs`, `children`, `parent`, `prev`, `next`, `data`), so css-select's
 * default adapter (domutils, which reads nodes by those fields) matches selectors on it as it
 * does on domhandler's. Plain object literals of one shape per kind are what V8 builds fastest:
 * domhandler's class instances (field initializers down a chain of four classes) took ~40 % of
 * the indexer's parsing time on the Vitest docs, measured on the shared 2-core machine.
 */
import { Parser } from 'htmlparser2';

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

/** Parses a whole page (HTML mode, entities decoded), as `parseDocument(html, { decodeEntities: true })` does. */
export function parseHtml(html: string): HtmlDocument {
  const document: HtmlDocument = { type: 'root', children: [], parent: null, elements: [] };
  const open: HtmlParent[] = [document];
  let current: HtmlParent = document;
  /** Text or comment still being written to: the parser may hand either over in pieces. */
  let pending: HtmlData | null = null;

  const append = (node: HtmlNode): void => {
    const siblings = current.children;
    const previous = siblings.length > 0 ? siblings[siblings.length - 1]! : null;
    if (previous) {
      node.prev = previous;
      previous.next = node;
    }
    node.parent = current;
    siblings.push(node);
  };
  const data = (type: HtmlData['type'], name: string, text: string): HtmlData => ({ type, name, data: text, parent: null, prev: null, next: null });

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const element: HtmlElement = {
          type: name === 'script' ? 'script' : name === 'style' ? 'style' : 'tag',
          name,
          attribs,
          children: [],
          parent: null,
          prev: null,
          next: null,
        };
        append(element);
        document.elements.push(element);
        open.push(element);
        current = element;
        pending = null;
      },
      onclosetag() {
        pending = null;
        // The parser closes exactly the elements it opened (implied ends included), never the root.
        if (open.length > 1) open.pop();
        current = open[open.length - 1]!;
      },
      ontext(text) {
        if (pending?.type === 'text') pending.data += text;
        else append((pending = data('text', '', text)));
      },
      oncomment(text) {
        if (pending?.type === 'comment') pending.data += text;
        else append((pending = data('comment', '', text)));
      },
      oncommentend() {
        pending = null;
      },
      onprocessinginstruction(name, text) {
        append(data('directive', name, text));
        pending = null;
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return document;
}
