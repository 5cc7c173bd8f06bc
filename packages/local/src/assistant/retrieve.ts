/**
 * Retrieval: the planned queries in one multi-query request, then reciprocal rank fusion at the
 * level of sections (a heading and the paragraphs under it), since an answer quotes sections.
 * Each hit counts by the share of the question it actually matched (the engine falls back to
 * records with the most words, so a long query can return hits that hold one common word),
 * weighted by term rarity from the hit counts of the one-term queries.
 */
import { SEGMENTED_CHARACTER } from '../engine/analysis/scripts.js';
import { queryTerms } from '../engine/tokenize.js';
import type { Hierarchy } from '../records.js';
import type { AssistantSearchClient } from './types.js';
import { termsIn } from './match.js';
import type { PlannedQuery, QueryKind, RewrittenQuestion } from './rewrite.js';

/** The record fields the assistant reads (and the UI is shown). */
export interface RetrievedRecord {
  objectID: string;
  url: string;
  type: string;
  hierarchy: Hierarchy;
  content: string | null;
}

export interface RetrievedSection {
  /** The section's URL (page URL with the heading's anchor): the dedupe key. */
  url: string;
  /** The page's URL, without anchor. */
  pageUrl: string;
  /** Page title (lvl1). */
  page: string;
  /** The nearest heading (the page title for a page's introduction). */
  heading: string;
  hierarchy: Hierarchy;
  /** Fused score. */
  score: number;
  /** Share (0–1) of the question's weight that the section's records matched, over all its hits. */
  coverage: number;
  /** Indexes of the question terms the section matched. */
  matchedTerms: Set<number>;
  /** Content records of the section that were retrieved, best ranked first. */
  passages: RetrievedRecord[];
  /** The best-ranked record of the section (for the UI's hit list). */
  best: RetrievedRecord;
}

export interface Retrieval {
  sections: RetrievedSection[];
  /** Rarity of each question term (0 when the index does not have it). */
  weights: number[];
  /**
   * The first pages of the engine's own ranking of the question as asked, best first, each as its
   * best section there: the engine weighs the whole sentence (stop words, relaxation, rarity, page
   * evidence), so its pages are a second opinion beside the fused sections, which only see terms.
   * Only their order counts: their score and coverage are left at 0.
   */
  enginePages: RetrievedSection[];
}

export interface FusionOptions {
  /** RRF's constant: larger flattens the advantage of the first ranks. */
  rrfK: number;
  /** Multiplier of each list kind. */
  kindWeights: Record<QueryKind, number>;
  /** Each list's weight is divided by the number of lists of its kind to this power (0: every list counts fully). */
  familyPower: number;
  /** A section's score is multiplied by its coverage of the question to this power. */
  coveragePower: number;
  /** Share of the other sections' scores of its page that a section gets (at most doubling its own). */
  pageWeight: number;
  /** Boost of a section by the share of the question its heading names, and its page title. */
  headingBoost: number;
  titleBoost: number;
  /** Sections rescored by reading their text (the rest are dropped). */
  rescored: number;
  /** Share of its weight a term counts for when a section has it only through a typo. */
  typoShare: number;
  /** Pages of the engine's own ranking of the question as asked that are kept beside the fused sections. */
  enginePages: number;
  /** Weight of a term borrowed from the previous question, and of a generic verb. */
  contextWeight: number;
  weakWeight: number;
}

export const DEFAULT_FUSION: FusionOptions = {
  rrfK: 4,
  kindWeights: { question: 1.5, core: 1.5, message: 1.5, api: 1.5, subset: 1, phrase: 1.5, pair: 0.8, term: 0.6, total: 0 },
  familyPower: 0,
  coveragePower: 2,
  pageWeight: 0.3,
  headingBoost: 1,
  titleBoost: 0.5,
  rescored: 40,
  typoShare: 0.5,
  enginePages: 5,
  contextWeight: 0.5,
  weakWeight: 0.4,
};

type Hit = Partial<RetrievedRecord> & { objectID: string; url: string; _highlightResult?: unknown };

const RETRIEVED = ['hierarchy', 'content', 'type', 'url', 'anchor', 'url_without_anchor'];

/** The multi-query request for a plan; `searchParameters` (filters…) apply to every query. */
export function searchRequests(plan: RewrittenQuestion, indexName: string, searchParameters: Record<string, unknown> = {}) {
  return plan.queries.map((planned: PlannedQuery) => ({
    ...searchParameters,
    indexName,
    query: planned.query,
    hitsPerPage: planned.hitsPerPage,
    // Sections, not pages, are what gets fused: every record of a page may compete.
    distinct: 0,
    attributesToRetrieve: RETRIEVED,
    attributesToSnippet: [],
  }));
}

export async function retrieve(
  client: AssistantSearchClient,
  indexName: string,
  plan: RewrittenQuestion,
  searchParameters?: Record<string, unknown>,
  fusion: FusionOptions = DEFAULT_FUSION,
): Promise<Retrieval> {
  const { results } = await client.search({ requests: searchRequests(plan, indexName, searchParameters) });
  return fuse(plan, results as Array<{ hits?: Hit[]; nbHits?: number }>, fusion);
}

/** Normalized words of a term's text, as the engine tokenizes a query. */
function engineWords(text: string): string[] {
  // Chinese, Japanese, Thai…: the engine's own segmentation, so the words match its `matchedWords`.
  if (SEGMENTED_CHARACTER.test(text)) return queryTerms(text);
  return (text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
}

/** Query words a hit matched anywhere (the provider's `matchedWords` of each highlighted attribute). */
function matchedWords(hit: Hit): Set<string> {
  const words = new Set<string>();
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(walk);
    const value = node as { matchedWords?: unknown; value?: unknown };
    if (Array.isArray(value.matchedWords) && typeof value.value === 'string') {
      for (const word of value.matchedWords) if (typeof word === 'string') words.add(word.toLowerCase());
      return;
    }
    Object.values(node).forEach(walk);
  };
  walk(hit._highlightResult);
  return words;
}

function emptyHierarchy(): Hierarchy {
  return { lvl0: null, lvl1: null, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null };
}

function nearestHeading(hierarchy: Hierarchy): string {
  for (const level of ['lvl6', 'lvl5', 'lvl4', 'lvl3', 'lvl2', 'lvl1'] as const) {
    const text = hierarchy[level];
    if (text) return text;
  }
  return hierarchy.lvl0 ?? '';
}

function recordOf(hit: Hit): RetrievedRecord {
  return {
    objectID: hit.objectID,
    url: hit.url,
    type: hit.type ?? 'content',
    hierarchy: hit.hierarchy ?? emptyHierarchy(),
    content: typeof hit.content === 'string' ? hit.content : null,
  };
}

function newSection(record: RetrievedRecord): RetrievedSection {
  return {
    url: record.url,
    pageUrl: record.url.split('#')[0]!,
    page: record.hierarchy.lvl1 ?? nearestHeading(record.hierarchy),
    heading: nearestHeading(record.hierarchy),
    hierarchy: record.hierarchy,
    score: 0,
    coverage: 0,
    matchedTerms: new Set(),
    passages: [],
    best: record,
  };
}

/** The engine's first `count` pages for the question as asked, each as its first-ranked section there (with that section's retrieved text). */
function engineRanking(asked: number, results: Array<{ hits?: Hit[] }>, count: number): RetrievedSection[] {
  const pages = new Map<string, RetrievedSection>();
  for (const hit of asked >= 0 ? (results[asked]?.hits ?? []) : []) {
    const record = recordOf(hit);
    const pageUrl = hit.url.split('#')[0]!;
    let section = pages.get(pageUrl);
    if (!section) {
      if (pages.size === count) continue;
      section = newSection(record);
      pages.set(pageUrl, section);
    }
    if (section.url === hit.url && record.content && !section.passages.some((passage) => passage.objectID === record.objectID)) section.passages.push(record);
  }
  return [...pages.values()];
}

export function fuse(plan: RewrittenQuestion, results: Array<{ hits?: Hit[]; nbHits?: number }>, fusion: FusionOptions = DEFAULT_FUSION): Retrieval {
  const { terms, queries } = plan;
  const total = queries.findIndex((query) => query.kind === 'total');
  const counts = terms.map(() => 0);
  let recordCount = total >= 0 ? (results[total]?.nbHits ?? 0) : 0;
  queries.forEach((query, i) => {
    // A term searched in several spellings is as common as its commonest one.
    // Any one-term search counts: a one-term question's core, or a follow-up's own words, is
    // the same query as the 'term' one, which is then not sent twice.
    if (query.terms.length === 1) {
      counts[query.terms[0]!] = Math.max(counts[query.terms[0]!]!, results[i]?.nbHits ?? 0);
    }
  });
  recordCount = Math.max(recordCount, ...counts, 1);
  // A term the index lacks weighs nothing; a borrowed context term or a generic verb weighs less, so it steers without leading.
  // What the index lacks still counts against an answer's coverage (a question about "sourdough
  // bread" is not answered by a section that only has a typo of "bake"), at half the top rarity.
  const missing = Math.log(1 + recordCount) / 2;
  const weights = terms.map((term, i) => (counts[i]! > 0 ? Math.log(1 + recordCount / counts[i]!) : 0) * (term.weak ? fusion.weakWeight : 1));
  // The follow-up's own words lead: a borrowed term weighs at most `contextWeight` of the lightest
  // own term that the index has ("and to Vercel?" after a Netlify question is about Vercel).
  const ownWeights = weights.filter((weight, i) => weight > 0 && !terms[i]!.context);
  const contextCap = ownWeights.length > 0 ? Math.min(...ownWeights) * fusion.contextWeight : Infinity;
  terms.forEach((term, i) => {
    if (term.context) weights[i] = Math.min(weights[i]! * fusion.contextWeight, contextCap);
  });
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0) + counts.filter((count, i) => count === 0 && !terms[i]!.weak && !terms[i]!.context).length * missing;

  const sections = new Map<string, RetrievedSection>();
  // Nothing the index knows: no section answers, so neither do the engine's pages (see selectSections).
  if (weights.every((weight) => weight === 0)) return { sections: [], weights, enginePages: [] };
  const perKind = new Map<QueryKind, number>();
  for (const query of queries) perKind.set(query.kind, (perKind.get(query.kind) ?? 0) + 1);
  queries.forEach((query, i) => {
    // A kind of list counts as a family: twelve pairs that agree must not outvote the whole core by number alone.
    const kindWeight = fusion.kindWeights[query.kind] / perKind.get(query.kind)! ** fusion.familyPower;
    if (kindWeight === 0) return;
    const seenInList = new Map<string, number>();
    const words = query.texts.map(engineWords);
    for (const hit of results[i]?.hits ?? []) {
      const matched = matchedWords(hit);
      const hitTerms = query.terms.filter((_, j) => words[j]!.length > 0 && words[j]!.every((word) => matched.has(word)));
      const share = hitTerms.reduce((sum, t) => sum + weights[t]!, 0) / totalWeight;
      if (share === 0) continue;
      const record = recordOf(hit);
      let section = sections.get(hit.url);
      if (!section) {
        section = newSection(record);
        sections.set(hit.url, section);
      }
      for (const t of hitTerms) section.matchedTerms.add(t);
      if (record.content && !section.passages.some((passage) => passage.objectID === record.objectID)) section.passages.push(record);
      // Rank among sections of this list: a section's later records add nothing to its rank.
      if (seenInList.has(hit.url)) continue;
      const rank = seenInList.size;
      seenInList.set(hit.url, rank);
      section.score += (kindWeight * share) / (fusion.rrfK + rank);
    }
  });
  const pageScores = new Map<string, number>();
  const share = (found: number[]): number => found.reduce((sum, t) => sum + weights[t]!, 0) / totalWeight;
  // Reading the text of every section costs more than the searches; only the leading ones can be cited or shown.
  const leading = [...sections.values()]
    .map((section) => ({ section, rough: section.score * share([...section.matchedTerms]) ** fusion.coveragePower }))
    .sort((a, b) => b.rough - a.rough)
    .slice(0, fusion.rescored)
    .map(({ section }) => section);
  sections.clear();
  for (const section of leading) sections.set(section.url, section);
  for (const section of sections.values()) {
    // Terms the section has only as look-alikes (a typo's reach: "bake" → "base") count half.
    const text = [...Object.values(section.hierarchy), ...section.passages.map((passage) => passage.content)].filter(Boolean).join(' \n ');
    const exact = new Set(termsIn(text, plan, true));
    const matched = [...section.matchedTerms];
    section.coverage = share(matched.filter((t) => exact.has(t))) + share(matched.filter((t) => !exact.has(t))) * fusion.typoShare;
    // Ranking well in a few lists on one rare word is not answering the question: favour sections that hold most of it.
    section.score *= section.coverage ** fusion.coveragePower;
    // A section whose own heading (or page title) names the question's terms is about them, not merely mentioning them.
    const heading = section.heading !== section.page ? share(termsIn(section.heading, plan)) : 0;
    section.score *= 1 + fusion.headingBoost * heading + fusion.titleBoost * share(termsIn(section.page, plan));
    pageScores.set(section.pageUrl, (pageScores.get(section.pageUrl) ?? 0) + section.score);
  }
  // A page with several matching sections is about the question; the bonus is capped so that it
  // lifts a relevant section of such a page but cannot carry an irrelevant one.
  for (const section of sections.values()) {
    const others = pageScores.get(section.pageUrl)! - section.score;
    section.score += Math.min(section.score, fusion.pageWeight * others);
  }
  const ranked = [...sections.values()].sort((a, b) => b.score - a.score);
  // A follow-up's question as asked lacks the context it leans on: the engine's ranking of it would mislead.
  return { sections: ranked, weights, enginePages: plan.followUp ? [] : engineRanking(plan.asked, results, fusion.enginePages) };
}
