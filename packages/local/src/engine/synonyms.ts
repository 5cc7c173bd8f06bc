/**
 * Synonyms in the hosted provider's own record format, so one file serves the local index, the
 * loopback server and a push alike:
 *
 * - `synonym` `{synonyms: [a, b, c]}`: each word also finds the others;
 * - `oneWaySynonym` `{input, synonyms}`: the input also finds the synonyms, not the reverse;
 * - `altCorrection1` / `altCorrection2` `{word, corrections}`: the word also finds the corrections,
 *   ranked as a match with one typo (two: below that);
 * - `placeholder` `{placeholder, replacements}`: a replacement also finds the placeholder's word.
 *
 * The index keeps them as rules, `[typos, word, ...alternatives]`, in `manifest.synonyms` (left
 * out when there are none: a site without synonyms pays not a byte). The engine
 * (`synonym-match.ts`, all the browser client ships of synonyms) tokenizes them as
 * it tokenizes queries and searches each rule's alternatives as another form of a query word, at
 * the weight of the engine's own word groups (`abbreviations.ts`): a record found through a
 * synonym ranks below one that holds the word as typed. The local engine matches word for word:
 * a rule whose word or alternative is several words (a phrase) is kept, pushed and honoured by
 * the provider, and left out here.
 */

/** The provider's types, as its API names them (it also accepts them all lower case). */
export const SYNONYM_TYPES = ['synonym', 'oneWaySynonym', 'altCorrection1', 'altCorrection2', 'placeholder'] as const;
export type SynonymType = (typeof SYNONYM_TYPES)[number];

/** A synonym as the provider stores it (`SynonymHit`): its `objectID`, `type` and the fields of its type. */
export interface SynonymHit {
  objectID: string;
  type: SynonymType;
  /** `synonym` and `oneWaySynonym`: the words or phrases found as well. */
  synonyms?: string[];
  /** `oneWaySynonym`: the word or phrase of the query. */
  input?: string;
  /** `altCorrection1` / `altCorrection2`: the word of the query. */
  word?: string;
  /** `altCorrection1` / `altCorrection2`: the words found as well. */
  corrections?: string[];
  /** `placeholder`: the token the records hold, such as `<version>`. */
  placeholder?: string;
  /** `placeholder`: the query words that find it. */
  replacements?: string[];
}

/** One rule of `manifest.synonyms`: a query word, what it also finds, and as how many typos. */
export type SynonymRule = [typos: number, word: string, ...alternatives: string[]];

/** The fields each type requires: a text or a list of texts. */
const REQUIRED: Record<SynonymType, readonly [field: keyof SynonymHit, kind: 'text' | 'list'][]> = {
  synonym: [['synonyms', 'list']],
  oneWaySynonym: [
    ['input', 'text'],
    ['synonyms', 'list'],
  ],
  altCorrection1: [
    ['word', 'text'],
    ['corrections', 'list'],
  ],
  altCorrection2: [
    ['word', 'text'],
    ['corrections', 'list'],
  ],
  placeholder: [
    ['placeholder', 'text'],
    ['replacements', 'list'],
  ],
};

const TYPE_BY_LOWER_CASE = new Map<string, SynonymType>(SYNONYM_TYPES.map((type) => [type.toLowerCase(), type]));

/** A synonyms list that cannot be used; the message names where it came from, the entry and the field. */
export class SynonymsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SynonymsError';
  }
}

/**
 * Checks a list of synonyms in the provider's format and returns it with the types as the
 * provider's API names them. `source` names where it came from in messages (a file's path,
 * `localIndex.synonyms`); an unknown type, a missing or mistyped field, or an `objectID` used
 * twice throws a `SynonymsError` naming the entry and the field.
 */
export function validateSynonyms(value: unknown, source: string): SynonymHit[] {
  if (!Array.isArray(value)) {
    throw new SynonymsError(`${source}: synonyms must be an array of the provider's synonym objects ({ objectID, type, … }), got ${describe(value)}`);
  }
  const seen = new Map<string, number>();
  return value.map((entry: unknown, position) => {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) throw new SynonymsError(`${source}: entry ${position} must be an object { objectID, type, … }, got ${describe(entry)}`);
    const object = entry as Record<string, unknown>;
    const { objectID } = object;
    if (typeof objectID !== 'string' || objectID.trim() === '') {
      throw new SynonymsError(`${source}: entry ${position}: "objectID" is required (a non-empty string), got ${describe(objectID)}`);
    }
    const where = `${source}: entry ${position} (objectID ${JSON.stringify(objectID)})`;
    const earlier = seen.get(objectID);
    if (earlier !== undefined) throw new SynonymsError(`${where}: "objectID" ${JSON.stringify(objectID)} is already used by entry ${earlier}`);
    seen.set(objectID, position);
    const type = typeof object.type === 'string' ? TYPE_BY_LOWER_CASE.get(object.type.toLowerCase()) : undefined;
    if (!type) throw new SynonymsError(`${where}: "type" must be one of ${SYNONYM_TYPES.join(', ')}, got ${describe(object.type)}`);
    const hit: SynonymHit = { objectID, type };
    for (const [field, kind] of REQUIRED[type]) {
      const fieldValue = object[field];
      if (fieldValue === undefined) throw new SynonymsError(`${where}: "${field}" is required for type ${type}`);
      const valid = kind === 'text' ? isText(fieldValue) : Array.isArray(fieldValue) && fieldValue.length > 0 && fieldValue.every(isText);
      if (!valid) throw new SynonymsError(`${where}: "${field}" must be ${kind === 'text' ? 'a non-empty string' : 'a non-empty array of non-empty strings'}, got ${describe(fieldValue)}`);
      (hit as unknown as Record<string, unknown>)[field] = kind === 'list' ? [...(fieldValue as string[])] : fieldValue;
    }
    return hit;
  });
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** The index's rules for checked synonyms, in their order (empty for none). */
export function synonymRules(synonyms: readonly SynonymHit[]): SynonymRule[] {
  const rules: SynonymRule[] = [];
  for (const hit of synonyms) {
    switch (hit.type) {
      case 'synonym':
        for (const word of hit.synonyms!) rules.push([0, word, ...hit.synonyms!.filter((other) => other !== word)]);
        break;
      case 'oneWaySynonym':
        rules.push([0, hit.input!, ...hit.synonyms!]);
        break;
      case 'altCorrection1':
      case 'altCorrection2':
        rules.push([hit.type === 'altCorrection1' ? 1 : 2, hit.word!, ...hit.corrections!]);
        break;
      case 'placeholder':
        for (const replacement of hit.replacements!) rules.push([0, replacement, hit.placeholder!]);
        break;
    }
  }
  return rules.filter((rule) => rule.length > 2);
}
