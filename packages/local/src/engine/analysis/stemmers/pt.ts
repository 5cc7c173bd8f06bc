/** Snowball's Portuguese stemmer, given back the accents of `-ção`, `-ções`, `-são`, `-sões` that folding took away (see `es.ts`). */
import { stemmer as snowball } from '@orama/stemmers/portuguese';

const ENDINGS: Record<string, string> = { cao: 'ção', coes: 'ções', sao: 'são', soes: 'sões' };

export const stemmer = (word: string): string => snowball(word.replace(/([cs])(ao|oes)$/, (ending) => ENDINGS[ending]!));
