/**
 * Snowball's Spanish stemmer, given back the accent of `-ción` that folding took away (index
 * terms are folded, and the suffix rules look for the accented ending: folded `configuracion`
 * kept its `-cion` while `configuraciones` lost `-ciones`).
 */
import { stemmer as snowball } from '@orama/stemmers/spanish';

export const stemmer = (word: string): string => snowball(word.replace(/cion$/, 'ción'));
