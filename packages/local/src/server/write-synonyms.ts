/**
 * The provider's synonym endpoints of the write API, as the v5 client calls them and the
 * provider answers: save one (`PUT …/synonyms/{objectID}` → `{taskID, updatedAt, id}`), get one,
 * delete one (`{taskID, deletedAt}`), save a batch (`POST …/synonyms/batch`, with
 * `replaceExistingSynonyms`), search (`POST …/synonyms/search` → `{hits, nbHits}`) and clear
 * (`POST …/synonyms/clear`). Bodies are checked with the same rules as a synonyms file; a
 * refused request changes nothing.
 */
import { SynonymsError, validateSynonyms, type SynonymHit } from '../engine/synonyms.js';
import { HttpError } from './http.js';

/** A pushed index's synonyms, by objectID, in the order they were saved. */
export type SynonymStore = Map<string, SynonymHit>;

/** What a synonym request does to the store, and what it answers (without its taskID). */
export type SynonymOutcome = { changed: boolean; answer: Record<string, unknown> };

/** Checks a body as the synonyms of a request; a bad one is a 400 naming the entry and the field. */
function checked(value: unknown): SynonymHit[] {
  try {
    return validateSynonyms(value, 'request body');
  } catch (error) {
    if (error instanceof SynonymsError) throw new HttpError(400, error.message);
    throw error;
  }
}

/** `PUT /1/indexes/{name}/synonyms/{objectID}`: the body is one synonym, its objectID the path's. */
export function saveOne(store: SynonymStore, objectID: string, body: Record<string, unknown>): SynonymOutcome {
  if (body.objectID !== undefined && body.objectID !== objectID) {
    throw new HttpError(400, `request body: "objectID" ${JSON.stringify(body.objectID)} differs from the path's ${JSON.stringify(objectID)}`);
  }
  const [hit] = checked([{ ...body, objectID }]);
  store.set(objectID, hit!);
  return { changed: true, answer: { updatedAt: new Date().toISOString(), id: objectID } };
}

/** `POST /1/indexes/{name}/synonyms/batch`: an array of synonyms, added or replacing all. */
export function saveBatch(store: SynonymStore, body: unknown, replaceExisting: boolean): SynonymOutcome {
  const hits = checked(body);
  if (replaceExisting) store.clear();
  for (const hit of hits) store.set(hit.objectID, hit);
  return { changed: true, answer: { updatedAt: new Date().toISOString() } };
}

export function clear(store: SynonymStore): SynonymOutcome {
  const changed = store.size > 0;
  store.clear();
  return { changed, answer: { updatedAt: new Date().toISOString() } };
}

export function getOne(store: SynonymStore, objectID: string): SynonymHit {
  const hit = store.get(objectID);
  if (!hit) throw new HttpError(404, `Synonym set does not exist`);
  return hit;
}

export function deleteOne(store: SynonymStore, objectID: string): SynonymOutcome {
  if (!store.delete(objectID)) throw new HttpError(404, `Synonym set does not exist`);
  return { changed: true, answer: { deletedAt: new Date().toISOString() } };
}

/**
 * `POST /1/indexes/{name}/synonyms/search`: `query` (found in any of a synonym's words, case
 * ignored), `type` (either spelling), `page` and `hitsPerPage` (default 0 and 100, as the provider).
 */
export function search(store: SynonymStore, body: Record<string, unknown>): { hits: SynonymHit[]; nbHits: number } {
  const query = typeof body.query === 'string' ? body.query.trim().toLowerCase() : '';
  const type = typeof body.type === 'string' && body.type !== '' ? body.type.toLowerCase() : undefined;
  const page = body.page === undefined ? 0 : Number(body.page);
  const hitsPerPage = body.hitsPerPage === undefined ? 100 : Number(body.hitsPerPage);
  if (!Number.isInteger(page) || page < 0) throw new HttpError(400, 'page must be an integer from 0');
  if (!Number.isInteger(hitsPerPage) || hitsPerPage < 1 || hitsPerPage > 1000) throw new HttpError(400, 'hitsPerPage must be an integer from 1 to 1000');
  const found = [...store.values()].filter(
    (hit) =>
      (type === undefined || hit.type.toLowerCase() === type) &&
      (query === '' || [hit.objectID, hit.input, hit.word, hit.placeholder, ...(hit.synonyms ?? []), ...(hit.corrections ?? []), ...(hit.replacements ?? [])].some((text) => text?.toLowerCase().includes(query))),
  );
  return { hits: found.slice(page * hitsPerPage, (page + 1) * hitsPerPage), nbHits: found.length };
}
