/** Snowball's French stemmer, given back the accent of `-ée(s)` that folding took away (see `es.ts`). */
import { stemmer as snowball } from '@orama/stemmers/french';

export const stemmer = (word: string): string => snowball(word.replace(/ee(s?)$/, 'ée$1'));
